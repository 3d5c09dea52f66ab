package org.sitemapkit.internal.source;

import java.util.List;
import org.sitemapkit.internal.check.Checks;
import org.sitemapkit.model.Changefreq;

/**
 * What every URL of a section gets unless it says otherwise, set once instead of on every URL:
 * a URL's own changefreq and priority win over these.
 *
 * @param changefreq the section's change frequency, or null for none
 * @param priority the section's priority, 0.0 to 1.0, or {@code NaN} for none
 * @param maxUrls URLs per page of this section, at most the global {@code max-urls}; 0 for the global value
 */
public record SectionDefaults(Changefreq changefreq, double priority, int maxUrls) {
    /** Nothing set: URLs are written as they are, pages cut at the global limits. */
    public static final SectionDefaults NONE = new SectionDefaults(null, Double.NaN, 0);

    /** The protocol's limit of URLs per page. */
    private static final int PROTOCOL_MAX_URLS = 50_000;

    /**
     * Refuses a priority outside 0.0 to 1.0 and a page size outside 1 to 50,000.
     *
     * @param changefreq the section's change frequency, or null
     * @param priority the section's priority, or {@code NaN}
     * @param maxUrls URLs per page, or 0 for the global value
     */
    public SectionDefaults {
        priority = Checks.priority(priority, "section priority");
        Checks.checkArgument(
                maxUrls >= 0 && maxUrls <= PROTOCOL_MAX_URLS,
                "section max-urls must be 1 to %d: %s",
                PROTOCOL_MAX_URLS,
                maxUrls);
    }

    /**
     * These defaults with another change frequency.
     *
     * @param value the frequency, or null for none
     * @return the new defaults
     */
    public SectionDefaults withChangefreq(Changefreq value) {
        return new SectionDefaults(value, priority, maxUrls);
    }

    /**
     * These defaults with another priority.
     *
     * @param value 0.0 to 1.0
     * @return the new defaults
     * @throws IllegalArgumentException outside 0.0 to 1.0
     */
    public SectionDefaults withPriority(double value) {
        Checks.checkArgument(value >= 0.0 && value <= 1.0, "section priority must be between 0.0 and 1.0: %s", value);
        return new SectionDefaults(changefreq, value, maxUrls);
    }

    /**
     * These defaults with another page size.
     *
     * @param value 1 to 50,000, and at most the global {@code max-urls} (checked when the filter starts)
     * @return the new defaults
     * @throws IllegalArgumentException outside 1 to 50,000
     */
    public SectionDefaults withMaxUrls(int value) {
        Checks.checkArgument(value >= 1, "section max-urls must be 1 to %d: %s", PROTOCOL_MAX_URLS, value);
        return new SectionDefaults(changefreq, priority, value);
    }

    /**
     * The defaults of two sources of one section: each field set by at most one of them, or set alike.
     *
     * @param other the other source's defaults
     * @param section the section, for the message
     * @return the combined defaults
     * @throws IllegalArgumentException when the two set a field differently
     */
    public SectionDefaults merge(SectionDefaults other, String section) {
        return new SectionDefaults(
                pick(changefreq, other.changefreq, "changefreq", section),
                orNaN(pick(
                        Double.isNaN(priority) ? null : priority,
                        Double.isNaN(other.priority) ? null : other.priority,
                        "priority",
                        section)),
                pick(maxUrls == 0 ? null : maxUrls, other.maxUrls == 0 ? null : other.maxUrls, "max-urls", section)
                                == null
                        ? 0
                        : Math.max(maxUrls, other.maxUrls));
    }

    /**
     * The defaults of one section's sources, combined.
     *
     * @param sources the sources of one section
     * @return the defaults
     * @throws IllegalArgumentException when two sources set a field differently
     */
    public static SectionDefaults of(List<SourcePlan> sources) {
        SectionDefaults d = NONE;
        for (SourcePlan s : sources) {
            d = d.merge(s.defaults(), s.section());
        }
        return d;
    }

    private static double orNaN(Double value) {
        return value == null ? Double.NaN : value;
    }

    private static <T> T pick(T a, T b, String field, String section) {
        Checks.checkArgument(
                a == null || b == null || a.equals(b),
                "section %s has two default %s values, %s and %s, from different sources; set it on one",
                section,
                field,
                a,
                b);
        return a != null ? a : b;
    }
}
