package org.sitemapkit.springboot.verify;

import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;
import org.sitemapkit.testsupport.CheckedPages;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/**
 * An application whose pages a crawler would find in every state (test-support's {@link
 * CheckedPages}): Spring MVC controllers at {@code /pages/*} and a {@code UrlSource} bean that
 * lists them; the starter's filter checks them after each render.
 */
@SpringBootApplication
public class VerifyApplication {
    @Bean
    UrlSource checkedPages() {
        return UrlSource.of(
                CheckedPages.SECTION,
                site -> CheckedPages.listed().stream().map(listed -> {
                    SitemapUrl.Builder b = SitemapUrl.builder(site.url(listed.path()));
                    listed.alternates().forEach((language, path) -> b.alternate(language, site.url(path)));
                    return b.build();
                }));
    }
}
