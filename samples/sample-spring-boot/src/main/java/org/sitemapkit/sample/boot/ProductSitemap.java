package org.sitemapkit.sample.boot;

import java.time.OffsetDateTime;
import javax.sql.DataSource;
import org.sitemapkit.model.Changefreq;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.Jdbc;
import org.sitemapkit.source.UrlSource;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Section {@code products}, with stable pages: the rows are read by id range in id order, and each
 * page keeps its range from one render to the next, so a committed change to one product (which
 * {@link Product}'s {@code @SitemapSection} reports by id) re-renders only the page listing it.
 * That is why the product page has no {@code @SitemapEntry}: a section with stable pages has one
 * source. The rows are read with {@link Jdbc#stream} over one cursor from the same table JPA
 * writes, so a whole render never holds 20,000 entities.
 */
@Configuration(proxyBeanMethods = false)
public class ProductSitemap {
    /** What a sitemap URL needs of a product. */
    public record Row(long id, String slug, OffsetDateTime updated) {}

    /** The products whose ids lie in a range, in id order. */
    @Bean
    UrlSource.KeyedRows<Row> productRows(DataSource db) {
        return (site, from, to) -> Jdbc.stream(
                db,
                "SELECT id, slug, updated FROM product WHERE id BETWEEN ? AND ? ORDER BY id",
                rs -> new Row(rs.getLong(1), rs.getString(2), rs.getObject(3, OffsetDateTime.class)),
                from,
                to);
    }

    @Bean
    UrlSource products(UrlSource.KeyedRows<Row> productRows) {
        return UrlSource.stable(
                        "products",
                        productRows,
                        Row::id,
                        (row, site) -> SitemapUrl.builder(site.url("/products/" + row.id() + "/" + row.slug()))
                                .lastmod(row.updated())
                                .build())
                .changefreq(Changefreq.WEEKLY);
    }
}
