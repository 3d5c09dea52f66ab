package org.sitemapkit.springboot.app;

import java.util.stream.Stream;
import org.sitemapkit.source.PathParams;
import org.sitemapkit.source.PathParamsContext;
import org.sitemapkit.source.PathParamsProvider;
import org.springframework.stereotype.Component;

/** Fills {@code /api/items/{id}}; a bean, with its repository injected. */
@Component
public class ItemParams implements PathParamsProvider {
    private final Products products;

    public ItemParams(Products products) {
        this.products = products;
    }

    @Override
    public Stream<PathParams> params(PathParamsContext context) {
        return products.all().map(p -> PathParams.of("id", p.id()));
    }
}
