package org.sitemapkit.bench;

import java.time.Instant;

/** The one workload every contender renders: the same locs, lastmod, changefreq and priority. */
final class Workload {
    private Workload() {}

    /** The site every loc belongs to; pages and the index live at its root. */
    static final String BASE = "https://shop.example.com/";
    /** One lastmod for every URL, with zero seconds (the case that trips minute-precision writers). */
    static final Instant LASTMOD = Instant.parse("2024-01-01T00:01:00Z");

    static final double PRIORITY = 0.5;
    /** URLs per page: the protocol's limit, and every contender's page size. */
    static final int PAGE_URLS = 50_000;
    /** The file every contender writes its index to (plain XML, not gzip). */
    static final String INDEX_FILE = "sitemap_index.xml";

    /** The loc of URL {@code i}: the same string concatenation for every contender. */
    static String loc(long i) {
        return "https://shop.example.com/products/" + i + "/widget-" + i + "?color=blue&size=m";
    }

    static int pages(long urls) {
        return (int) ((urls + PAGE_URLS - 1) / PAGE_URLS);
    }
}
