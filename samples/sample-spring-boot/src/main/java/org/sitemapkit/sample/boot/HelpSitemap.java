package org.sitemapkit.sample.boot;

import java.time.OffsetDateTime;
import javax.sql.DataSource;
import org.sitemapkit.model.Changefreq;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Lists the help pages, which {@link HelpController} serves from a catch-all mapping that
 * {@code @SitemapEntry} cannot describe. Every {@code UrlSource} bean becomes a sitemap section.
 */
@Configuration(proxyBeanMethods = false)
public class HelpSitemap {
    @Bean
    UrlSource helpPages(DataSource db) {
        return UrlSource.query(
                        "help",
                        db,
                        "SELECT path, updated FROM help_page ORDER BY path",
                        (rs, site) -> SitemapUrl.builder(site.url("/help" + rs.getString(1)))
                                .lastmod(rs.getObject(2, OffsetDateTime.class))
                                .build())
                .changefreq(Changefreq.MONTHLY);
    }
}
