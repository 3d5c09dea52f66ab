package org.sitemapkit.springboot.app;

import java.util.stream.Stream;
import org.sitemapkit.source.PathParams;
import org.sitemapkit.source.PathParamsContext;
import org.sitemapkit.source.PathParamsProvider;

/** Fills {@code /products/{id}/{slug}}; not a bean: the starter makes it, injecting the constructor. */
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
