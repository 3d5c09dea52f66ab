package org.sitemapkit.springboot.broken;

import org.sitemapkit.PageStore;
import org.sitemapkit.springboot.app.ShopApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/** The shop with a PageStore bean; started with sitemapkit.store set too, which the bean would override. */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import(ShopApplication.class)
public class StoreConflictApplication {
    @Bean
    PageStore pageStore() {
        return PageStore.memory();
    }
}
