package org.sitemapkit.model;

import java.util.Locale;

/** The seven words sitemaps.org allows in {@code <changefreq>}; a hint, not a command. */
public enum Changefreq {
    ALWAYS,
    HOURLY,
    DAILY,
    WEEKLY,
    MONTHLY,
    YEARLY,
    NEVER;

    private final String word = name().toLowerCase(Locale.ROOT);

    /** The lower-case word as it appears in a sitemap. */
    public String word() {
        return word;
    }

    /** Parses the word, case-insensitively, naming it when it is not one of the seven. */
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
