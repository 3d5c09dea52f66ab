package org.sitemapkit.itwar;

import jakarta.inject.Inject;
import java.util.stream.Stream;
import org.sitemapkit.source.PathParams;
import org.sitemapkit.source.PathParamsContext;
import org.sitemapkit.source.PathParamsProvider;

/**
 * Written exactly as the README shows: no scope annotation (so not a bean in an "annotated" archive)
 * and an injected field, which only works when SitemapKit makes it through the application's CDI.
 */
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
