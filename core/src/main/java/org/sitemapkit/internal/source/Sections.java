package org.sitemapkit.internal.source;

import java.util.Objects;

/** The rule for section names, which become part of page names ({@code sitemap-products-3.xml}). */
public final class Sections {
    private Sections() {}

    /**
     * Refuses a name a request path cannot carry without decoding.
     *
     * @param section the name to check
     * @return the name, unchanged
     * @throws IllegalArgumentException if it is not 1 to 64 of a-z, 0-9 and '-', starting and ending
     *     with a letter or digit
     */
    public static String check(String section) {
        Objects.requireNonNull(section, "section");
        boolean ok = !section.isEmpty()
                && section.length() <= 64
                && section.charAt(0) != '-'
                && section.charAt(section.length() - 1) != '-';
        for (int i = 0; ok && i < section.length(); i++) {
            char c = section.charAt(i);
            ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
        }
        if (!ok) {
            throw new IllegalArgumentException(
                    "section must be 1 to 64 of a-z, 0-9 and inner '-': \"" + section + "\"");
        }
        return section;
    }
}
