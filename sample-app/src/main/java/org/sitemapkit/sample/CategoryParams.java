package org.sitemapkit.sample;

import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.stream.Stream;
import org.sitemapkit.jaxrs.PathParams;
import org.sitemapkit.jaxrs.PathParamsContext;
import org.sitemapkit.jaxrs.PathParamsProvider;

/**
 * Fills {@code /categories/{slug}}: one row per category, whose lastmod is its newest product's (a category
 * page changes when one of its products does; {@link ShopDatabase} keeps that in {@code category.updated}). A
 * category without products has no lastmod, which SitemapKit then omits rather than invent.
 */
public final class CategoryParams implements PathParamsProvider {

    /** Made once per JAX-RS application, at the first render; it keeps no state. */
    public CategoryParams() {
        // stateless
    }

    @Override
    public Stream<PathParams> params(PathParamsContext ctx) throws SQLException {
        return JdbcRows.stream(
                ShopDatabase.dataSource(ctx.servletContext()),
                "SELECT slug, updated FROM category ORDER BY id",
                rs -> PathParams.of("slug", rs.getString(1)).withLastmod(rs.getObject(2, OffsetDateTime.class)));
    }
}
