package org.sitemapkit.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import crawlercommons.sitemaps.SiteMapURL;
import crawlercommons.sitemaps.extension.Extension;
import crawlercommons.sitemaps.extension.ExtensionMetadata;
import crawlercommons.sitemaps.extension.ImageAttributes;
import crawlercommons.sitemaps.extension.LinkAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.jetty.server.Server;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sitemapkit.test.SitemapCheck;
import org.sitemapkit.testsupport.Crawl;
import org.sitemapkit.testsupport.Http;

/**
 * The executable jar's server, as {@code main} builds it, with the default 120,000 products and SitemapKit's
 * default settings: the sitemap is read by a strict crawler and compared with the database, and the pages it
 * lists are fetched.
 */
class JettyShopTest {

    private static final Pattern PRODUCT = Pattern.compile("/products/(\\d+)/([a-z0-9-]+)");
    /** Product pages fetched: at least 200, spread over the whole table. */
    private static final int PRODUCT_SAMPLE = 240;

    private static Server server;
    private static String origin;
    private static Crawl crawl;

    @BeforeAll
    static void start() throws Exception {
        server = SampleApp.newServer(0, ShopOptions.defaults());
        server.start();
        origin = "http://127.0.0.1:" + SampleApp.localPort(server);
        long t = System.nanoTime();
        crawl = Crawl.of(origin + "/sitemap.xml");
        System.out.printf(
                "JettyShopTest: first render and crawl of %,d URLs on %d pages took %,d ms%n",
                crawl.count, crawl.pages.size(), (System.nanoTime() - t) / 1_000_000);
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.stop();
        }
    }

    /**
     * The test kit users run in their own builds, on the tutorial shop: every document strict and
     * schema-valid, all 120,000 products and the rest listed, a sample answering 200, robots.txt
     * listing the sitemap and disallowing none of it, nothing skipped, and a clean render audit.
     */
    @Test
    void theTestKitFindsNothingWrong() {
        SitemapCheck.Result r = SitemapCheck.of(origin)
                .minUrls(120_000)
                .sample(25)
                .maxSkipped(0)
                .auditClean()
                .run();
        assertTrue(r.documents().size() > 3, r.documents()::toString);
    }

    @Test
    void rootIsAnIndexOverSeveralPagesOfProducts() {
        assertTrue(crawl.index, "/sitemap.xml should be an index");
        List<String> pages = crawl.pagePaths(origin);
        List<String> expected = new ArrayList<>(
                List.of("/sitemap-articles-1.xml", "/sitemap-categories-1.xml", "/sitemap-pages-1.xml"));
        for (int n = 1; n <= pages.size() - 3; n++) {
            expected.add("/sitemap-products-" + n + ".xml");
        }
        assertEquals(expected, pages);
        assertTrue(pages.size() - 3 >= 3, "120,000 products should fill at least 3 pages: " + pages);
    }

    @Test
    void listsExactlyTheUrlsOfTheDatabase() throws Exception {
        Set<String> expected = ExpectedUrls.paths();
        assertEquals(ShopDatabase.DEFAULT_PRODUCTS + 3 + 6 + 6, expected.size());
        assertEquals(expected.size(), crawl.count, "URLs listed, duplicates included");
        Crawl.assertSameSet(expected, crawl.paths(origin));
    }

    @Test
    void everyProductCarriesItsPictureAndLastmod() {
        int products = 0;
        for (Map.Entry<String, SiteMapURL> e : crawl.urls.entrySet()) {
            Matcher m = PRODUCT.matcher(e.getKey().substring(origin.length()));
            if (!m.matches()) {
                continue;
            }
            products++;
            ExtensionMetadata[] images = e.getValue().getAttributesForExtension(Extension.IMAGE);
            assertTrue(images != null && images.length == 1, "one image for " + e.getKey());
            assertEquals(
                    origin + "/images/products/" + m.group(1) + ".svg",
                    ((ImageAttributes) images[0]).getLoc().toExternalForm());
            assertTrue(e.getValue().getLastModified() != null, "lastmod of " + e.getKey());
        }
        assertEquals(ShopDatabase.DEFAULT_PRODUCTS, products);
    }

    @Test
    void everyArticleListsItsLanguagesWithHreflang() {
        int articles = 0;
        for (Map.Entry<String, SiteMapURL> e : crawl.urls.entrySet()) {
            String path = e.getKey().substring(origin.length());
            if (!path.startsWith("/en/articles/") && !path.startsWith("/de/artikel/")) {
                continue;
            }
            articles++;
            Map<String, String> alternates = alternates(e.getValue());
            assertEquals(Set.of("en", "de", "x-default"), alternates.keySet(), e.getKey());
            assertEquals(e.getKey(), alternates.get(path.startsWith("/en/") ? "en" : "de"), "lists itself");
            assertEquals(alternates.get("en"), alternates.get("x-default"));
            // Reciprocal: the translation lists the same set.
            String other = alternates.get(path.startsWith("/en/") ? "de" : "en");
            assertEquals(alternates, alternates(crawl.urls.get(other)), "alternates of " + other);
        }
        assertEquals(6, articles);
    }

    @Test
    void everyListedPageButTheProductsAnswersHtml() {
        int fetched = 0;
        for (String loc : crawl.urls.keySet()) {
            if (!PRODUCT.matcher(loc.substring(origin.length())).matches()) {
                assertHtmlPage(loc);
                fetched++;
            }
        }
        assertEquals(15, fetched);
    }

    @Test
    void aSampleOfProductPagesAnswersHtmlWithAPictureThatLoads() {
        List<String> products = crawl.urls.keySet().stream()
                .filter(loc -> PRODUCT.matcher(loc.substring(origin.length())).matches())
                .toList();
        int step = products.size() / PRODUCT_SAMPLE;
        for (int i = 0; i < products.size(); i += step) {
            String loc = products.get(i);
            String body = assertHtmlPage(loc);
            Matcher m = PRODUCT.matcher(loc.substring(origin.length()));
            assertTrue(m.matches());
            String img = "/images/products/" + m.group(1) + ".svg";
            assertTrue(body.contains("<img src=\"" + img + "\""), loc + " shows its picture");
            if (i % (step * 8) == 0) {
                Http.Response svg = Http.get(origin + img);
                assertEquals(200, svg.status(), img);
                assertTrue(svg.contentType().startsWith("image/svg+xml"), svg.contentType());
                assertTrue(svg.text().startsWith("<svg "), img);
            }
        }
        String last = products.get(products.size() - 1);
        assertHtmlPage(last);
    }

    @Test
    void articlesLinkTheirTranslationInHead() {
        String de = assertHtmlPage(origin + "/de/artikel/grillen");
        assertTrue(de.contains("<html lang=\"de\">"), de);
        assertTrue(
                de.contains("<link rel=\"alternate\" hreflang=\"en\" href=\"" + origin + "/en/articles/grilling\">"),
                de);
        assertTrue(
                de.contains("<link rel=\"alternate\" hreflang=\"de\" href=\"" + origin + "/de/artikel/grillen\">"), de);
        assertTrue(de.contains("hreflang=\"x-default\""), de);
        assertTrue(de.contains("<a hreflang=\"en\" href=\"/en/articles/grilling\">"), de);
    }

    @Test
    void homeLinksToCategoriesAndArticlesAndCategoriesPageTheirProducts() {
        String home = assertHtmlPage(origin + "/");
        assertTrue(home.contains("<h1>" + PageResource.HEADING + "</h1>"), home);
        assertTrue(home.contains("<a href=\"/categories/nuts-and-bolts\">Nuts &amp; bolts</a>"), "escaped: " + home);
        assertTrue(home.contains("<a href=\"/en/articles/grilling\">"), home);
        String widgets = assertHtmlPage(origin + "/categories/widgets");
        assertTrue(widgets.contains("<a href=\"/products/1/widget-1\">Widget 1</a>"), widgets);
        assertTrue(widgets.contains("<a href=\"/categories/widgets?page=2\">"), widgets);
        String page2 = assertHtmlPage(origin + "/categories/widgets?page=2");
        assertTrue(page2.contains("<a href=\"/products/" + (1 + 48 * 6) + "/widget-" + (1 + 48 * 6) + "\">"), page2);
    }

    @Test
    void unknownThingsAre404AndAWrongSlugRedirectsToTheListedUrl() {
        for (String path : Arrays.asList(
                "/no-such-page",
                "/products/0/widget-0",
                "/products/abc/widget-1",
                "/products/" + (ShopDatabase.DEFAULT_PRODUCTS + 1) + "/widget-1",
                "/categories/nope",
                "/categories/widgets?page=0",
                "/categories/widgets?page=100000",
                "/en/articles/grillen",
                "/de/artikel/grilling",
                "/images/products/0.svg")) {
            Http.Response r = Http.get(origin + path);
            assertEquals(404, r.status(), path);
            assertTrue(r.contentType().startsWith("text/html"), path + ": " + r.contentType());
        }
        Http.Response moved = Http.get(origin + "/products/42/widget-42");
        assertEquals(301, moved.status());
        assertEquals(
                origin + "/products/42/doohickey-42",
                moved.headers().firstValue("Location").orElse(""));
        assertTrue(crawl.urls.containsKey(origin + "/products/42/doohickey-42"));
    }

    @Test
    void robotsTxtAndTheHtmlSitemapAreServed() {
        Http.Response robots = Http.get(origin + "/robots.txt");
        assertEquals(200, robots.status());
        assertTrue(robots.text().contains("Sitemap: " + origin + "/sitemap.xml"), robots.text());
        Http.Response html = Http.get(origin + "/sitemap.html");
        assertEquals(200, html.status());
        assertTrue(html.text().contains("products"), html.text());
    }

    /** GETs a page, checks 200, HTML5 and the shop's layout; returns the body. */
    private static String assertHtmlPage(String url) {
        Http.Response r = Http.get(url);
        assertEquals(200, r.status(), "GET " + url);
        assertTrue(r.contentType().startsWith("text/html"), url + ": " + r.contentType());
        assertTrue(r.text().startsWith("<!DOCTYPE html>\n<html lang=\""), url);
        assertTrue(r.text().contains("<nav><a href=\"/\">Home</a>"), url);
        return r.text();
    }

    private static Map<String, String> alternates(SiteMapURL url) {
        Map<String, String> byLang = new TreeMap<>();
        ExtensionMetadata[] links = url.getAttributesForExtension(Extension.LINKS);
        if (links != null) {
            for (ExtensionMetadata m : links) {
                LinkAttributes link = (LinkAttributes) m;
                byLang.put(link.getParams().get("hreflang"), link.getHref().toExternalForm());
            }
        }
        return byLang;
    }
}
