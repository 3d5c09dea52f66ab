package org.sitemapkit.internal.entry;

import java.util.Locale;
import org.sitemapkit.internal.source.Sections;
import org.sitemapkit.model.Changefreq;

/**
 * The checks of an annotation's values, worded once for the processor's errors and the
 * scanner's warnings. Each returns null when the value is fine, else what is wrong.
 */
public final class EntryRules {
    private EntryRules() {}

    /** The binary name of the SPI, which is also the annotation's "no provider" default. */
    public static final String PROVIDER_SPI = "org.sitemapkit.source.PathParamsProvider";

    public static final String ANNOTATION = "org.sitemapkit.SitemapEntry";

    public static String sectionProblem(String section) {
        try {
            Sections.check(section);
            return null;
        } catch (IllegalArgumentException e) {
            return "bad section: " + e.getMessage();
        }
    }

    /** The word as the index keeps it: lower case, or empty when unset. */
    public static String changefreq(String changefreq) {
        return changefreq.trim().toLowerCase(Locale.ROOT);
    }

    /** The annotation's value as the index keeps it: the word, or empty for none (or more than one). */
    public static String changefreq(Changefreq[] changefreq) {
        return changefreq.length == 1 ? changefreq[0].word() : "";
    }

    /** More than one changefreq given: the annotation's array allows it, the protocol does not. */
    public static String changefreqCountProblem(int given) {
        return given <= 1
                ? null
                : "changefreq takes at most one value, " + given + " given: write changefreq = Changefreq.WEEKLY";
    }

    public static String priorityProblem(double priority) {
        if (Double.isNaN(priority) || (priority >= 0.0 && priority <= 1.0)) {
            return null;
        }
        return "priority must be between 0.0 and 1.0: " + priority;
    }

    public static String missingParamsProblem(PathTemplate template) {
        return "path " + template.text() + " has template variables " + template.variables()
                + " but no provider: name one with @SitemapEntry(params = ...), a PathParamsProvider"
                + " that streams their values";
    }
}
