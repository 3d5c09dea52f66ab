package org.sitemapkit.jaxrs.faulty;

import java.util.stream.Stream;
import org.sitemapkit.source.PathParams;
import org.sitemapkit.source.PathParamsContext;
import org.sitemapkit.source.PathParamsProvider;

/** A provider whose constructor fails, as one that opens a pool to a database that is down. */
public class BrokenParams implements PathParamsProvider {
    public BrokenParams() {
        throw new IllegalStateException("the database is gone");
    }

    @Override
    public Stream<PathParams> params(PathParamsContext context) {
        return Stream.of(PathParams.of("id", "1"));
    }
}
