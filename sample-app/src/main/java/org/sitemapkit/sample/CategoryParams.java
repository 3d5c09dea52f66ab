package org.sitemapkit.sample;

import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.stream.Stream;
import org.sitemapkit.jaxrs.PathParams;
import org.sitemapkit.jaxrs.PathParamsContext;
import org.sitemapkit.jaxrs.PathParamsProvider;
import org.sitemapkit.source.Jdbc;

/** Fills {@code /categories/{slug}}; a category's lastmod is its newest product's, none without products. */
public final class CategoryParams implements PathParamsProvider {
    @Override
    public Stream<PathParams> params(PathParamsContext ctx) throws SQLException {
        return Jdbc.stream(
                ShopDatabase.dataSource(ctx.servletContext()),
                "SELECT slug, updated FROM category ORDER BY id",
                rs -> PathParams.builder()
                        .put("slug", rs.getString(1))
                        .lastmod(rs.getObject(2, OffsetDateTime.class))
                        .build());
    }
}
