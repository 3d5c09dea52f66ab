package org.sitemapkit.jaxrs.faulty;

import jakarta.inject.Inject;
import java.util.stream.Stream;
import org.sitemapkit.source.PathParams;
import org.sitemapkit.source.PathParamsContext;
import org.sitemapkit.source.PathParamsProvider;

/** Needs injection: built by its constructor alone, it would fail with a NullPointerException. */
public class InjectedParams implements PathParamsProvider {
    @Inject
    Object catalog;

    @Override
    public Stream<PathParams> params(PathParamsContext context) {
        return Stream.of(PathParams.of("id", catalog.toString()));
    }
}
