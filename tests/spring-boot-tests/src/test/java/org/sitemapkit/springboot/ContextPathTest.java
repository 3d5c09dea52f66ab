package org.sitemapkit.springboot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.sitemapkit.springboot.app.ShopApplication;
import org.sitemapkit.testsupport.Crawl;
import org.sitemapkit.testsupport.Http;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;

/** The same shop under {@code server.servlet.context-path=/shop}: every URL, and the sitemap, under it. */
@SpringBootTest(
        classes = ShopApplication.class,
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "server.servlet.context-path=/shop")
class ContextPathTest {
    @Value("${local.server.port}")
    int port;

    @Test
    void everyUrlIsUnderTheContextPath() {
        String base = "http://127.0.0.1:" + port + "/shop";
        Crawl crawl = Crawl.of(base + "/sitemap.xml");
        Set<String> expected = new TreeSet<>();
        ShopSitemapTest.expected().forEach(p -> expected.add("/shop" + p));
        // robots.txt rules are paths from the host's root: "Disallow: /private/" does not reach
        // /shop/private/offers, so it is listed (and /shop/robots.txt is read by no crawler anyway).
        expected.add("/shop/private/offers");
        Crawl.assertSameSet(expected, crawl.paths("http://127.0.0.1:" + port));
        assertEquals(404, Http.get("http://127.0.0.1:" + port + "/sitemap.xml").status());
        String robots = Http.get(base + "/robots.txt").text();
        assertTrue(robots.contains("Sitemap: " + base + "/sitemap.xml"), robots);
    }
}
