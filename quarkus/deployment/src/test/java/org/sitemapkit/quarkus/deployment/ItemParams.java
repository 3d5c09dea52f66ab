package org.sitemapkit.quarkus.deployment;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.sitemapkit.source.PathParams;
import org.sitemapkit.source.PathParamsContext;
import org.sitemapkit.source.PathParamsProvider;

/** Items 1 to 3: an ArC bean that nothing injects, found by SitemapKit. */
@ApplicationScoped
public class ItemParams implements PathParamsProvider {

    @Override
    public Stream<PathParams> params(PathParamsContext ctx) {
        return LongStream.rangeClosed(1, 3).mapToObj(id -> PathParams.of("id", id));
    }
}
