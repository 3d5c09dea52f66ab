package org.sitemapkit.quarkus.it;

import java.time.LocalDate;
import java.util.stream.Stream;
import org.sitemapkit.source.PathParams;
import org.sitemapkit.source.PathParamsContext;
import org.sitemapkit.source.PathParamsProvider;

/**
 * A provider that is no CDI bean (no annotation, nothing injected): made by its constructor, as
 * ArC cannot make a class that is not a bean. It gives the about page the day it was last edited.
 */
public class AboutLastmod implements PathParamsProvider {
    static final LocalDate EDITED = LocalDate.of(2026, 9, 14);

    @Override
    public Stream<PathParams> params(PathParamsContext context) {
        return Stream.of(PathParams.builder().lastmod(EDITED).build());
    }
}
