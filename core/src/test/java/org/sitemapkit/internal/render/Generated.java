package org.sitemapkit.internal.render;

import java.time.Instant;
import java.util.AbstractList;
import java.util.List;
import org.sitemapkit.model.Changefreq;
import org.sitemapkit.model.SitemapUrl;

/** Deterministic product URLs, made on demand so that large lists take no memory. */
public final class Generated {
    private Generated() {}

    static final Instant BASE = Instant.parse("2026-01-01T00:00:00Z");

    public static SitemapUrl product(long i) {
        return SitemapUrl.builder("https://shop.example.com/products/" + i + "/widget-" + i + "?color=blue&size=m")
                .lastmod(BASE.plusSeconds(i * 37))
                .changefreq(Changefreq.WEEKLY)
                .priority(0.5)
                .build();
    }

    static List<SitemapUrl> products(int n) {
        return new AbstractList<>() {
            @Override
            public SitemapUrl get(int i) {
                return product(i);
            }

            @Override
            public int size() {
                return n;
            }
        };
    }
}
