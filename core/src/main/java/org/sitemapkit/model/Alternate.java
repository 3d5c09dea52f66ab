package org.sitemapkit.model;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One {@code <xhtml:link rel="alternate" hreflang="…" href="…"/>}: a translation or regional
 * variant of a page. Search engines only trust the set when every page lists all of them,
 * itself included, which {@link SitemapUrl.Builder#build()} checks.
 */
public final class Alternate {
    private static final Pattern HREFLANG =
            Pattern.compile("x-default|[A-Za-z]{2,3}(-[A-Za-z]{4})?(-([A-Za-z]{2}|[0-9]{3}))?");

    private final String hreflang;
    private final String href;

    private Alternate(String hreflang, String href) {
        this.hreflang = hreflang;
        this.href = href;
    }

    /**
     * @param hreflang an ISO 639 language, optionally with ISO 15924 script and ISO 3166 region
     *     ({@code de}, {@code zh-Hant-TW}, {@code en-GB}), or {@code x-default}
     * @param href the absolute URL of that variant
     */
    public static Alternate of(String hreflang, String href) {
        Checks.checkNotNull(hreflang, "hreflang");
        Checks.checkArgument(
                HREFLANG.matcher(hreflang).matches(),
                "hreflang must be a language[-Script][-REGION] tag or x-default: \"%s\"",
                hreflang);
        return new Alternate(hreflang, Checks.checkAbsoluteUrl(href, "alternate href"));
    }

    public String hreflang() {
        return hreflang;
    }

    public String href() {
        return href;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Alternate && ((Alternate) o).hreflang.equals(hreflang) && ((Alternate) o).href.equals(href);
    }

    @Override
    public int hashCode() {
        return Objects.hash(hreflang, href);
    }

    @Override
    public String toString() {
        return hreflang + "=" + href;
    }
}
