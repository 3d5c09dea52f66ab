package org.sitemapkit.sample;

import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.stream.Stream;
import org.sitemapkit.source.Jdbc;
import org.sitemapkit.source.PathParams;
import org.sitemapkit.source.PathParamsContext;
import org.sitemapkit.source.PathParamsProvider;

/** Fills {@code /categories/{slug}}; a category's lastmod is its newest product's, none without products. */
public final class CategoryParams implements PathParamsProvider {
    @Override
    public Stream<PathParams> params(PathParamsContext ctx) throws SQLException {
        return Jdbc.stream(
                ShopDatabase.dataSource(ctx),
                "SELECT slug, updated FROM category ORDER BY id",
                rs -> PathParams.builder()
                        .put("slug", rs.getString(1))
                        .lastmod(rs.getObject(2, OffsetDateTime.class))
                        .build());
    }
}
