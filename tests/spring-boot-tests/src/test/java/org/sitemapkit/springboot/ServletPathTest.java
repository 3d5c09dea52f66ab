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

/**
 * Spring MVC's servlet under {@code /app} ({@code spring.mvc.servlet.path}): Tomcat maps no servlet
 * to {@code /sitemap.xml} then, and runs no filter for it, unless the starter maps one at {@code /}.
 */
@SpringBootTest(
        classes = ShopApplication.class,
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "spring.mvc.servlet.path=/app")
class ServletPathTest {
    @Value("${local.server.port}")
    int port;

    @Test
    void theSitemapIsServedAtTheContextRootAndListsThePagesUnderTheServletPath() {
        String origin = "http://127.0.0.1:" + port;
        Set<String> expected = new TreeSet<>();
        for (String p : ShopSitemapTest.expected()) {
            expected.add(p.startsWith("/api/") || p.startsWith("/guides/") ? p : "/app" + p);
        }
        // The static robots.txt is served at /app/robots.txt here, so /robots.txt is SitemapKit's own,
        // and "Disallow: /private/" of the application's file reaches nothing of this host.
        expected.add("/app/private/offers");
        Crawl.assertSameSet(expected, Crawl.of(origin + "/sitemap.xml").paths(origin));
        assertEquals(200, Http.get(origin + "/app/about").status());
        assertEquals(200, Http.get(origin + "/app/").status(), "the home page as listed");
        assertEquals(404, Http.get(origin + "/nothing-here").status(), "the fallback answers 404 as Tomcat would");
        String robots = Http.get(origin + "/robots.txt").text();
        assertTrue(robots.contains("Sitemap: " + origin + "/sitemap.xml"), robots);
    }
}
