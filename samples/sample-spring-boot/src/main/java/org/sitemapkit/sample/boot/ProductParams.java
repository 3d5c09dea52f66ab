package org.sitemapkit.sample.boot;

import java.util.stream.Stream;
import org.sitemapkit.source.PathParams;
import org.sitemapkit.source.PathParamsContext;
import org.sitemapkit.source.PathParamsProvider;

/**
 * Fills {@code /products/{id}/{slug}}: one row per product, with its lastmod. Not a bean: the
 * starter makes it, injecting {@link Products} through the constructor. SitemapKit closes the
 * stream when the sitemap page is written, which releases the database cursor.
 */
public class ProductParams implements PathParamsProvider {
    private final Products products;

    public ProductParams(Products products) {
        this.products = products;
    }

    @Override
    public Stream<PathParams> params(PathParamsContext context) {
        return products.all()
                .map(p -> PathParams.builder()
                        .put("id", p.id())
                        .put("slug", p.slug())
                        .lastmod(p.updated())
                        .build());
    }
}
