package org.sitemapkit.springboot.app;

import org.sitemapkit.source.UrlSource;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** URLs that are no handler method of this application: a {@code UrlSource} bean. */
@Configuration(proxyBeanMethods = false)
public class Guides {
    @Bean
    UrlSource guideSource() {
        return UrlSource.paths("guides", "/guides/sizing", "/guides/care");
    }
}
