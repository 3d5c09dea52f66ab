package org.sitemapkit.springboot;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.servlet.ServletContext;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.sitemapkit.SitemapKit;
import org.sitemapkit.springboot.app.ShopApplication;
import org.sitemapkit.testsupport.Crawl;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The {@code SitemapKit} bean, injected as an application's service would: a product inserted,
 * {@code invalidate("products")}, and once the future completes the sitemap lists it. Its own
 * context (the property), so the row reaches no other test's database.
 */
@SpringBootTest(
        classes = ShopApplication.class,
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "spring.application.name=invalidate-bean")
class InvalidateBeanTest {
    @Value("${local.server.port}")
    int port;

    @Autowired
    SitemapKit kit;

    @Autowired
    ServletContext context;

    @Autowired
    JdbcTemplate db;

    @Test
    void theInjectedHandleInvalidatesWhatTheFilterServes() throws Exception {
        assertSame(SitemapKit.of(context), kit);
        String origin = "http://127.0.0.1:" + port;
        String added = "/products/1001/product-1001";
        assertFalse(Crawl.of(origin + "/sitemap.xml").paths(origin).contains(added));

        db.update("INSERT INTO product VALUES (1001, 'product-1001', CURRENT_TIMESTAMP)");
        kit.invalidate("products").get(30, TimeUnit.SECONDS);
        assertTrue(Crawl.of(origin + "/sitemap.xml").paths(origin).contains(added));
    }
}
