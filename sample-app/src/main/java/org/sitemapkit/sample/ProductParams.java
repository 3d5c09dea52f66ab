package org.sitemapkit.sample;

import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.stream.Stream;
import org.sitemapkit.jaxrs.PathParams;
import org.sitemapkit.jaxrs.PathParamsContext;
import org.sitemapkit.jaxrs.PathParamsProvider;

/**
 * Fills {@code /products/{id}/{slug}} for the sitemap: one row per product, with its last change and its
 * picture. The rows come from a JDBC cursor that SitemapKit drains one row at a time and then closes, so the
 * 120,000 products are never in memory at once.
 */
public final class ProductParams implements PathParamsProvider {

    /** Made once per JAX-RS application, at the first render; it keeps no state. */
    public ProductParams() {
        // stateless
    }

    @Override
    public Stream<PathParams> params(PathParamsContext ctx) throws SQLException {
        return JdbcRows.stream(
                ShopDatabase.dataSource(ctx.servletContext()),
                "SELECT id, slug, updated FROM product ORDER BY id",
                rs -> {
                    long id = rs.getLong(1);
                    return PathParams.builder()
                            .put("id", id)
                            .put("slug", rs.getString(2))
                            .lastmod(rs.getObject(3, OffsetDateTime.class))
                            .image(Links.productImagePath(id))
                            .build();
                });
    }
}
