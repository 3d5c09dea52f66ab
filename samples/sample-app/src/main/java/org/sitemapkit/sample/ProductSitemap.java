package org.sitemapkit.sample;

import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;
import java.time.OffsetDateTime;
import org.sitemapkit.SitemapKit;
import org.sitemapkit.model.Changefreq;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.Jdbc;
import org.sitemapkit.source.UrlSource;

/**
 * The products section, with stable pages: rows are read by id range in id order, so touching or deleting
 * one product re-renders the one page that lists it ({@link AdminResource} says which).
 */
@WebListener
public final class ProductSitemap implements ServletContextListener {
    /** The section's name, for {@code invalidate("products", id)}. */
    static final String SECTION = "products";

    record Product(long id, String slug, OffsetDateTime updated) {}

    @Override
    public void contextInitialized(ServletContextEvent event) {
        ServletContext ctx = event.getServletContext();
        SitemapKit.of(ctx)
                .register(UrlSource.stable(
                                SECTION,
                                (site, from, to) -> Jdbc.stream(
                                        ShopDatabase.dataSource(ctx),
                                        "SELECT id, slug, updated FROM product WHERE id BETWEEN ? AND ? ORDER BY id",
                                        rs -> new Product(
                                                rs.getLong(1), rs.getString(2), rs.getObject(3, OffsetDateTime.class)),
                                        from,
                                        to),
                                Product::id,
                                (p, site) -> SitemapUrl.builder(site.url(Links.productPath(p.id(), p.slug())))
                                        .lastmod(p.updated())
                                        .image(site.url(Links.productImagePath(p.id())))
                                        .build())
                        .changefreq(Changefreq.WEEKLY)
                        .priority(0.6));
    }
}
