package org.sitemapkit.sample;

import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.stream.Stream;
import org.sitemapkit.jaxrs.PathParams;
import org.sitemapkit.jaxrs.PathParamsContext;
import org.sitemapkit.jaxrs.PathParamsProvider;
import org.sitemapkit.source.Jdbc;

/** Fills {@code /products/{id}/{slug}}: a row per product, with its last change and picture, from a JDBC cursor. */
public final class ProductParams implements PathParamsProvider {
    @Override
    public Stream<PathParams> params(PathParamsContext ctx) throws SQLException {
        return Jdbc.stream(
                ShopDatabase.dataSource(ctx.servletContext()),
                "SELECT id, slug, updated FROM product ORDER BY id",
                rs -> PathParams.builder()
                        .put("id", rs.getLong(1))
                        .put("slug", rs.getString(2))
                        .lastmod(rs.getObject(3, OffsetDateTime.class))
                        .image(Links.productImagePath(rs.getLong(1)))
                        .build());
    }
}
