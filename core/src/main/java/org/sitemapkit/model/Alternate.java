package org.sitemapkit.model;

import java.util.regex.Pattern;
import org.sitemapkit.internal.check.Checks;

/**
 * One {@code <xhtml:link rel="alternate" hreflang="…" href="…"/>}: a translation or regional
 * variant of a page. Search engines only trust the set when every page lists all of them,
 * itself included, which {@link SitemapUrl.Builder#build()} checks.
 *
 * @param hreflang an ISO 639 language, optionally with ISO 15924 script and ISO 3166 region
 *     ({@code de}, {@code zh-Hant-TW}, {@code en-GB}), or {@code x-default}
 * @param href the absolute URL of that variant
 */
public record Alternate(String hreflang, String href) {
    private static final Pattern HREFLANG =
            Pattern.compile("x-default|[A-Za-z]{2,3}(-[A-Za-z]{4})?(-([A-Za-z]{2}|[0-9]{3}))?");

    /**
     * Refuses a tag that is not a language tag, and an href that is not absolute.
     *
     * @param hreflang the variant's language tag, or {@code x-default}
     * @param href the absolute URL of that variant
     */
    public Alternate {
        Checks.checkNotNull(hreflang, "hreflang");
        Checks.checkArgument(
                HREFLANG.matcher(hreflang).matches(),
                "hreflang must be a language[-Script][-REGION] tag or x-default: \"%s\"",
                hreflang);
        Checks.checkAbsoluteUrl(href, "alternate href");
    }

    /**
     * A language variant.
     *
     * @param hreflang the variant's language tag, or {@code x-default}
     * @param href the absolute URL of that variant
     * @return the alternate
     */
    public static Alternate of(String hreflang, String href) {
        return new Alternate(hreflang, href);
    }

    @Override
    public String toString() {
        return hreflang + "=" + href;
    }
}
