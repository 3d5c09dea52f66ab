package org.sitemapkit.sample.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.sitemapkit.testsupport.Crawl;
import org.sitemapkit.testsupport.Http;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The shop as it ships, on a random port: its sitemap read by crawler-commons' strict parser lists
 * every page and nothing else, and its own robots.txt is kept.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ShopSitemapTest {
    /** {@code shop.products} in application.properties. */
    static final int PRODUCTS = 20_000;

    static final List<String> PAGES = List.of("/", "/about", "/contact", "/help");
    static final List<String> HELP = List.of(
            "/help/shipping",
            "/help/shipping/returns",
            "/help/shipping/abroad",
            "/help/payment",
            "/help/payment/invoices",
            "/help/care/oiling-sprockets");

    @Value("${local.server.port}")
    int port;

    @Autowired
    JdbcTemplate jdbc;

    String origin() {
        return "http://127.0.0.1:" + port;
    }

    /** The annotated pages, the help pages and one URL per product row; not /preview/, which robots.txt disallows. */
    Set<String> expected() {
        Set<String> paths = new TreeSet<>(PAGES);
        paths.addAll(HELP);
        paths.addAll(jdbc.queryForList("SELECT '/products/' || id || '/' || slug FROM product", String.class));
        return paths;
    }

    @Test
    void theSitemapListsEveryPageOfTheShopAndNothingElse() {
        Crawl crawl = Crawl.of(origin() + "/sitemap.xml");
        Crawl.assertSameSet(expected(), crawl.paths(origin()));
        assertEquals(PAGES.size() + HELP.size() + PRODUCTS, crawl.count);
        assertTrue(crawl.paths(origin()).contains("/products/42/brass-sprocket-42"));

        // sitemapkit.max-urls=5000: an index over one page of pages, one of help pages and five of
        // products (stable pages are filled to 80 % at first: 4,000 products each).
        assertTrue(crawl.index, "an index over several pages");
        assertEquals(
                Set.of(
                        "/sitemap-pages-1.xml",
                        "/sitemap-help-1.xml",
                        "/sitemap-products-1.xml",
                        "/sitemap-products-2.xml",
                        "/sitemap-products-3.xml",
                        "/sitemap-products-4.xml",
                        "/sitemap-products-5.xml"),
                Set.copyOf(crawl.pagePaths(origin())));

        // A product's lastmod is its row's updated column, as ProductSitemap gives it.
        OffsetDateTime updated = jdbc.queryForObject("SELECT updated FROM product WHERE id = 42", OffsetDateTime.class);
        assertEquals(
                updated.toInstant(),
                crawl.urls
                        .get(origin() + "/products/42/brass-sprocket-42")
                        .getLastModified()
                        .toInstant());
    }

    @Test
    void robotsTxtIsTheShopsOwnWithTheSitemapLineAdded() throws IOException {
        String own;
        try (InputStream in = getClass().getResourceAsStream("/static/robots.txt")) {
            own = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Http.Response robots = Http.get(origin() + "/robots.txt");
        assertEquals(200, robots.status());
        assertTrue(robots.text().startsWith(own), robots.text());
        assertTrue(robots.text().contains("\nSitemap: " + origin() + "/sitemap.xml\n"), robots.text());

        // The preview page is there and annotated, but robots.txt disallows it: not listed.
        assertEquals(200, Http.get(origin() + "/preview/summer-sale").status());
        assertFalse(Crawl.of(origin() + "/sitemap.xml").paths(origin()).contains("/preview/summer-sale"));
    }

    @Test
    void theShopAnswersWithoutA5xx() {
        Http.Recorder http = new Http.Recorder();
        for (String path : PAGES) {
            assertEquals(200, http.get(origin() + path).status(), path);
        }
        for (String path : HELP) {
            assertEquals(200, http.get(origin() + path).status(), path);
        }
        assertEquals(200, http.get(origin() + "/products/1/steel-hinge-1").status());
        assertEquals(200, http.get(origin() + "/sitemap.html").status());

        // A stale slug is sent to the canonical URL, the one the sitemap lists.
        Http.Response stale = http.get(origin() + "/products/42/old-name");
        assertEquals(301, stale.status());
        assertEquals(
                origin() + "/products/42/brass-sprocket-42",
                stale.header("Location").orElseThrow());

        for (String missing : List.of(
                "/products/" + (PRODUCTS + 1) + "/nothing",
                "/products/x/y",
                "/help/nothing",
                "/sitemap-products-6.xml",
                "/sitemap-products-0.xml")) {
            assertEquals(404, http.get(origin() + missing).status(), missing);
        }
        http.get(origin() + "/sitemap.xml", "If-None-Match", "\"garbage");
        http.get(origin() + "/sitemap.xml", "If-Modified-Since", "yesterday");
        for (Http.Exchange e : http.seen()) {
            assertTrue(e.status() < 500, e.toString());
        }
    }
}
