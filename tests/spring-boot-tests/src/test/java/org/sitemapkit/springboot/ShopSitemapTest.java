package org.sitemapkit.springboot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.servlet.ServletContext;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.sitemapkit.springboot.app.ShopApplication;
import org.sitemapkit.testsupport.Crawl;
import org.sitemapkit.testsupport.Http;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * The shop as a new user has it: the starter on the class path, controllers and resources
 * annotated, nothing wired. Run once on Tomcat and once on Jetty (the POM leaves the other server
 * off the class path), each time in a fresh application whose Jersey servlet has not started.
 */
@SpringBootTest(classes = ShopApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ShopSitemapTest {
    static final int PRODUCTS = 1000;

    @Value("${local.server.port}")
    int port;

    @Autowired
    ServletContext servletContext;

    String origin() {
        return "http://127.0.0.1:" + port;
    }

    /** Every URL the shop has, and none it hides: /private/ is disallowed by its robots.txt, /cart is no page. */
    static Set<String> expected() {
        Set<String> paths = new TreeSet<>(
                List.of("/", "/about", "/api/items", "/guides/sizing", "/guides/care", "/shoes/list", "/hats/list"));
        for (int i = 1; i <= PRODUCTS; i++) {
            paths.add("/products/" + i + "/product-" + i);
            paths.add("/api/items/" + i);
        }
        return paths;
    }

    @Test
    void runsOnTheServerThisRunLeftOnTheClassPath() {
        String server = System.getProperty("springboot.test.server", "tomcat");
        assertTrue(
                servletContext.getServerInfo().toLowerCase(Locale.ROOT).contains(server),
                servletContext.getServerInfo());
    }

    @Test
    void everyPageIsListedFromTheFirstRequestJerseyIncludedBeforeItStarted() {
        Crawl crawl = Crawl.of(origin() + "/sitemap.xml");
        Crawl.assertSameSet(expected(), crawl.paths(origin()));
        assertTrue(crawl.index, "an index over several pages");
        // sitemapkit.max-urls=400 from application.properties: 1,000 products on three pages.
        assertEquals(
                List.of("/sitemap-products-1.xml", "/sitemap-products-2.xml", "/sitemap-products-3.xml"),
                crawl.pagePaths(origin()).stream()
                        .filter(p -> p.startsWith("/sitemap-products-"))
                        .toList());

        // Jersey starts now; it lends its injection and adds nothing twice.
        Http.Response item = Http.get(origin() + "/api/items/7");
        assertEquals(200, item.status());
        assertEquals("item 7", item.text());
        Crawl.assertSameSet(expected(), Crawl.of(origin() + "/sitemap.xml").paths(origin()));
    }

    @Test
    void theApplicationsOwnRobotsTxtIsKeptWithTheSitemapLineAdded() {
        Http.Response robots = Http.get(origin() + "/robots.txt");
        assertEquals(200, robots.status());
        String text = robots.text();
        assertTrue(text.startsWith("User-agent: *\nDisallow: /private/\nCrawl-delay: 5\n"), text);
        assertTrue(text.contains("\nSitemap: " + origin() + "/sitemap.xml\n"), text);
        Crawl crawl = Crawl.of(origin() + "/sitemap.xml");
        assertFalse(crawl.paths(origin()).contains("/private/offers"), "disallowed by the application's robots.txt");
    }

    @Test
    void aForgedHostPassesDownTheChainToTheApplication() {
        int status = Http.raw(URI.create(origin()), "/sitemap.xml", "evil.example");
        assertEquals(404, status, "the application's own answer for a path it does not have");
        assertEquals(200, Http.raw(URI.create(origin()), "/about", "evil.example"));
    }

    @Test
    void conditionalRequestsAndOddOnesAnswerWithoutA5xx() {
        Http.Response first = Http.get(origin() + "/sitemap.xml");
        String etag = first.header("ETag").orElseThrow();
        assertEquals(
                304, Http.get(origin() + "/sitemap.xml", "If-None-Match", etag).status());
        Http.Recorder recorder = new Http.Recorder();
        for (String target : List.of(
                "/sitemap-products-4.xml",
                "/sitemap-nothing-1.xml",
                "/sitemap-products-0.xml",
                "/sitemap-products-1.xml.gz",
                "/sitemap.html",
                "/sitemap.xml?page=2")) {
            recorder.get(origin() + target);
        }
        recorder.get(origin() + "/sitemap.xml", "If-None-Match", "\"garbage");
        recorder.get(origin() + "/sitemap.xml", "If-Modified-Since", "yesterday");
        recorder.get(origin() + "/sitemap.xml", "Accept-Encoding", "gzip;q=nonsense");
        for (Http.Exchange e : recorder.seen()) {
            assertTrue(e.status() < 500, e.toString());
        }
        assertEquals(
                404,
                recorder.seen().stream()
                        .filter(e -> e.request().contains("sitemap-products-4"))
                        .findFirst()
                        .orElseThrow()
                        .status());
    }
}
