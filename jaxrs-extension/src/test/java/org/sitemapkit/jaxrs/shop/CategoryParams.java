package org.sitemapkit.jaxrs.shop;

import java.sql.SQLException;
import java.util.stream.Stream;
import org.sitemapkit.model.Changefreq;
import org.sitemapkit.source.PathParams;
import org.sitemapkit.source.PathParamsContext;
import org.sitemapkit.source.PathParamsProvider;

/**
 * Reaches the database through the ServletContext that every provider is given. The "books" row
 * carries its own changefreq and priority, which win over the annotation's.
 */
public class CategoryParams implements PathParamsProvider {
    @Override
    public Stream<PathParams> params(PathParamsContext context) throws SQLException {
        Catalog catalog = (Catalog) context.attribute(Catalog.ATTRIBUTE);
        return catalog.categories(rs -> {
            try {
                String name = rs.getString(1);
                PathParams.Builder row = PathParams.builder().put("name", name);
                return name.equals("books")
                        ? row.changefreq(Changefreq.DAILY).priority(0.9).build()
                        : row.build();
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        });
    }
}
