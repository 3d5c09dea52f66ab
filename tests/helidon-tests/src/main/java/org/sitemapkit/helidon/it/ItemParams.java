package org.sitemapkit.helidon.it;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.stream.Stream;
import org.sitemapkit.source.PathParams;
import org.sitemapkit.source.PathParamsContext;
import org.sitemapkit.source.PathParamsProvider;

/**
 * Fills {@code items/{id}/{slug}} from the catalogue. A CDI bean that nothing in the application injects:
 * SitemapKit has to make it through Weld for the injected catalogue to be
 * there.
 */
@ApplicationScoped
public class ItemParams implements PathParamsProvider {

    @Inject
    ItemCatalog catalog;

    @Override
    public Stream<PathParams> params(PathParamsContext ctx) {
        return catalog.rows()
                .map(r -> PathParams.builder()
                        .put("id", r.id())
                        .put("slug", r.slug())
                        .lastmod(r.lastmod())
                        .build());
    }
}
