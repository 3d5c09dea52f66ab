package org.sitemapkit.springboot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.sitemapkit.springboot.app.ShopApplication;
import org.sitemapkit.testsupport.Crawl;
import org.sitemapkit.testsupport.Http;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * {@code server.servlet.context-path=/shop} with {@code sitemapkit.base-url} set to the bare
 * origin, as a user writes it: the starter takes the path from the context path, so every URL
 * and the {@code Sitemap:} line are under {@code /shop}. The port is fixed before the start, since
 * base-url must name it.
 */
@SpringBootTest(classes = ShopApplication.class, webEnvironment = SpringBootTest.WebEnvironment.DEFINED_PORT)
class ContextPathBaseUrlTest {
    static final int PORT = freePort();

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("server.port", () -> PORT);
        registry.add("server.servlet.context-path", () -> "/shop");
        registry.add("sitemapkit.base-url", () -> "http://127.0.0.1:" + PORT);
    }

    @Test
    void everyUrlAndTheSitemapLineAreUnderTheContextPath() {
        String origin = "http://127.0.0.1:" + PORT;
        Set<String> expected = new TreeSet<>();
        ShopSitemapTest.expected().forEach(p -> expected.add("/shop" + p));
        expected.add("/shop/private/offers"); // robots.txt rules are paths from the host's root
        Crawl.assertSameSet(expected, Crawl.of(origin + "/shop/sitemap.xml").paths(origin));
        String robots = Http.get(origin + "/shop/robots.txt").text();
        assertTrue(robots.contains("Sitemap: " + origin + "/shop/sitemap.xml\n"), robots);
        assertEquals(404, Http.get(origin + "/sitemap.xml").status());
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
