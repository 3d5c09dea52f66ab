package org.sitemapkit.jaxrs.shop;

import java.sql.SQLException;
import java.util.stream.Stream;
import org.sitemapkit.jaxrs.PathParams;
import org.sitemapkit.jaxrs.PathParamsContext;
import org.sitemapkit.jaxrs.PathParamsProvider;

/** Reaches the database through the ServletContext that every provider is given. */
public class CategoryParams implements PathParamsProvider {
    @Override
    public Stream<PathParams> params(PathParamsContext context) throws SQLException {
        Catalog catalog = (Catalog) context.servletContext().getAttribute(Catalog.ATTRIBUTE);
        return catalog.categories(rs -> {
            try {
                return PathParams.of("name", rs.getString(1));
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        });
    }
}
