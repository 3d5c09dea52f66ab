package org.sitemapkit.model;

import java.util.Locale;
import org.sitemapkit.internal.check.Checks;

/** The seven words sitemaps.org allows in {@code <changefreq>}; a hint, not a command. */
public enum Changefreq {
    /** Changes on every access, as a live feed or stock price does. */
    ALWAYS,
    /** Changes about every hour. */
    HOURLY,
    /** Changes about every day. */
    DAILY,
    /** Changes about every week. */
    WEEKLY,
    /** Changes about every month. */
    MONTHLY,
    /** Changes about every year. */
    YEARLY,
    /** Archived: crawlers may still look now and then, but need not expect a change. */
    NEVER;

    private final String word = name().toLowerCase(Locale.ROOT);

    /**
     * The lower-case word as it appears in a sitemap.
     *
     * @return one of the seven words, such as {@code daily}
     */
    public String word() {
        return word;
    }

    /**
     * Parses the word, case-insensitively, naming it when it is not one of the seven.
     *
     * @param word the word, as configured or annotated; surrounding blanks are ignored
     * @return the matching value
     * @throws IllegalArgumentException if the word is none of the seven
     */
    public static Changefreq of(String word) {
        Checks.checkNotNull(word, "changefreq");
        for (Changefreq c : values()) {
            if (c.word.equalsIgnoreCase(word.trim())) {
                return c;
            }
        }
        throw new IllegalArgumentException("changefreq must be one of always, hourly, daily, "
                + "weekly, monthly, yearly, never: \"" + word + "\"");
    }

    @Override
    public String toString() {
        return word;
    }
}
