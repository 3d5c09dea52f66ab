package org.sitemapkit.jaxrs.shop;

import jakarta.servlet.ServletContext;
import jakarta.ws.rs.core.Context;
import java.sql.SQLException;
import java.util.stream.Stream;
import org.sitemapkit.source.PathParams;
import org.sitemapkit.source.PathParamsContext;
import org.sitemapkit.source.PathParamsProvider;

/**
 * Streams (id, slug, updated) over a JDBC cursor. Its field is filled by the runtime's
 * injection, which is what this provider checks: plain construction would leave it null.
 */
public class ProductParams implements PathParamsProvider {
    @Context
    private ServletContext injected;

    @Override
    public Stream<PathParams> params(PathParamsContext context) throws SQLException {
        if (injected == null) {
            throw new IllegalStateException("ProductParams was not made by the JAX-RS runtime's injection");
        }
        Catalog catalog = (Catalog) injected.getAttribute(Catalog.ATTRIBUTE);
        return catalog.products(rs -> {
            try {
                return PathParams.builder()
                        .put("id", rs.getLong(1))
                        .put("slug", rs.getString(2))
                        .lastmod(Catalog.updated(rs))
                        .build();
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        });
    }
}
