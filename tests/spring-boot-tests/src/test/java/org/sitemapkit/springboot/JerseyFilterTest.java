package org.sitemapkit.springboot;

import org.junit.jupiter.api.Test;
import org.sitemapkit.springboot.app.ShopApplication;
import org.sitemapkit.testsupport.Crawl;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * Jersey as a filter ({@code spring.jersey.type=filter}): Tomcat initializes that filter before the
 * beans exist, and its Feature must not publish the entries the starter places.
 */
@SpringBootTest(
        classes = ShopApplication.class,
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "spring.jersey.type=filter")
class JerseyFilterTest {
    @Value("${local.server.port}")
    int port;

    @Test
    void everyPageIsListedOnce() {
        String origin = "http://127.0.0.1:" + port;
        // Crawl.of fails on a URL listed twice (crawler-commons, strict).
        Crawl.assertSameSet(
                ShopSitemapTest.expected(), Crawl.of(origin + "/sitemap.xml").paths(origin));
    }
}
