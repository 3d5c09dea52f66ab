package org.sitemapkit.jaxrs.shop;

import java.time.LocalDate;
import java.util.stream.Stream;
import org.sitemapkit.source.PathParams;
import org.sitemapkit.source.PathParamsContext;
import org.sitemapkit.source.PathParamsProvider;

/** A provider on a plain path: one row, carrying only the page's lastmod. */
public class AboutLastmod implements PathParamsProvider {
    public static final LocalDate EDITED = LocalDate.of(2026, 11, 1);

    @Override
    public Stream<PathParams> params(PathParamsContext context) {
        return Stream.of(PathParams.builder().lastmod(EDITED).build());
    }
}
