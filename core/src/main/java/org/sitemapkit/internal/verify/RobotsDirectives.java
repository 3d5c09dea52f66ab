package org.sitemapkit.internal.verify;

import java.util.Locale;
import java.util.Set;

/**
 * Whether robots directives keep a page out of the index: an {@code X-Robots-Tag} header value
 * ({@code noindex}, {@code googlebot: noindex, nofollow}, {@code none}) or a {@code <meta
 * name="robots">} content. A directive addressed to one crawler counts too: a page some search
 * engine must not index does not belong in a sitemap offered to all. Pure; never throws.
 */
final class RobotsDirectives {
    /** Directives whose value contains a colon, which is not a user agent's. */
    private static final Set<String> WITH_VALUE =
            Set.of("unavailable_after", "max-snippet", "max-image-preview", "max-video-preview");

    private RobotsDirectives() {}

    /**
     * Whether {@code value} (one header value, or a meta content) says {@code noindex} or
     * {@code none}; null and blank say nothing.
     */
    static boolean noindex(String value) {
        if (value == null) {
            return false;
        }
        for (String part : value.split(",", -1)) {
            String d = part.strip().toLowerCase(Locale.ROOT);
            int colon = d.indexOf(':');
            if (colon > 0 && !WITH_VALUE.contains(d.substring(0, colon).strip())) {
                d = d.substring(colon + 1).strip(); // "googlebot: noindex": the agent's first directive
            }
            if (d.equals("noindex") || d.equals("none")) {
                return true;
            }
        }
        return false;
    }
}
