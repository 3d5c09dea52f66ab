package org.sitemapkit.jaxrs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import crawlercommons.sitemaps.SiteMapURL;
import jakarta.ws.rs.core.UriBuilder;
import java.net.URI;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.logging.Level;
import java.util.stream.Stream;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.glassfish.jersey.servlet.init.JerseyServletContainerInitializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sitemapkit.internal.servlet.SitemapInitializer;
import org.sitemapkit.jaxrs.shop.AboutLastmod;
import org.sitemapkit.jaxrs.shop.Catalog;
import org.sitemapkit.jaxrs.shop.CategoryResource;
import org.sitemapkit.jaxrs.shop.PageResource;
import org.sitemapkit.jaxrs.shop.ProductResource;
import org.sitemapkit.jaxrs.shop.ShopApplication;
import org.sitemapkit.testsupport.Crawl;
import org.sitemapkit.testsupport.Http;
import org.sitemapkit.testsupport.JettyContainer;
import org.sitemapkit.testsupport.LogRecords;

/**
 * The whole path on a real server: Jetty 12 on a loopback port, the shop deployed at /shop the
 * way a WAR is (Jersey's and SitemapKit's ServletContainerInitializers, Jersey mapping /api/*
 * from {@code @ApplicationPath}), 120,000 products in H2, and the live sitemap read by
 * crawler-commons in strict mode. Expected URLs come from Jersey's own UriBuilder.
 */
class JerseyEndToEndTest {
    private static Catalog catalog;
    private static JettyContainer server;
    private static String origin;
    private static LogRecords logs;
    private static Crawl crawl;

    @BeforeAll
    static void start() throws Exception {
        logs = LogRecords.of("org.sitemapkit", Level.ALL); // the skips are core's (org.sitemapkit.entry)
        catalog = Catalog.create("e2e");
        ServletContextHandler context = new ServletContextHandler();
        context.setContextPath("/shop");
        context.setAttribute(Catalog.ATTRIBUTE, catalog);
        context.addServletContainerInitializer(new JerseyServletContainerInitializer(), ShopApplication.class);
        context.addServletContainerInitializer(new SitemapInitializer());
        server = JettyContainer.start(context);
        origin = server.origin();
        crawl = Crawl.of(origin + "/shop/sitemap.xml");
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
        if (catalog != null) {
            catalog.close();
        }
        if (logs != null) {
            logs.close();
        }
    }

    /**
     * Why a URL is, or is not, listed, as JMX's explain operation answers it: a product listed by
     * its {@code @SitemapEntry} route and provider, and a URL that route could make but no row of
     * the provider gives.
     */
    @Test
    void explainNamesTheRouteAndTheProviderOfAProductAndOfOneNoRowGives() throws Exception {
        String listed = crawl.urls.keySet().stream()
                .filter(u -> u.contains("/api/products/"))
                .findFirst()
                .orElseThrow();
        String yes = explain(listed);
        org.junit.jupiter.api.Assertions.assertTrue(yes.startsWith(listed + ": listed"), yes);
        org.junit.jupiter.api.Assertions.assertTrue(
                yes.contains("/api/products/{id}/{slug} (" + ProductResource.class.getName()
                        + "#product, rows of org.sitemapkit.jaxrs.shop.ProductParams)"),
                yes);
        String none = origin + "/shop/api/products/987654321/no-such-product";
        String no = explain(none);
        org.junit.jupiter.api.Assertions.assertTrue(no.startsWith(none + ": not-produced"), no);
        org.junit.jupiter.api.Assertions.assertTrue(
                no.contains("it matches, but no row of its source gives this URL"), no);
        String nothing = explain(origin + "/shop/api/nowhere/at/all");
        org.junit.jupiter.api.Assertions.assertTrue(nothing.contains(": unknown"), nothing);
    }

    private static String explain(String url) throws Exception {
        return (String) java.lang.management.ManagementFactory.getPlatformMBeanServer()
                .invoke(
                        org.sitemapkit.internal.status.JmxSections.explainName("/shop"),
                        "explain",
                        new Object[] {url},
                        new String[] {String.class.getName()});
    }

    @Test
    void indexListsEverySectionPage() {
        assertEquals(
                List.of(
                        origin + "/shop/sitemap-categories-1.xml",
                        origin + "/shop/sitemap-pages-1.xml",
                        origin + "/shop/sitemap-products-1.xml",
                        origin + "/shop/sitemap-products-2.xml",
                        origin + "/shop/sitemap-products-3.xml"),
                crawl.pages);
    }

    @Test
    void sitemapListsExactlyTheExpectedUrls() throws Exception {
        Set<String> expected = expectedUrls();
        assertEquals(Catalog.PRODUCTS - 1 + 3 + Catalog.CATEGORIES.length, expected.size());
        assertEquals(expected.size(), crawl.count, "URLs listed, duplicates included");
        Crawl.assertSameSet(expected, crawl.urls.keySet());
    }

    @Test
    void metadataReachesTheSitemap() throws Exception {
        SiteMapURL home = crawl.urls.get(origin + "/shop/api/");
        assertEquals(1.0, home.getPriority());
        assertEquals(SiteMapURL.ChangeFrequency.DAILY, home.getChangeFrequency());
        assertEquals(null, home.getLastModified());

        SiteMapURL about = crawl.urls.get(origin + "/shop/api/about");
        assertEquals(
                AboutLastmod.EDITED.atStartOfDay(ZoneOffset.UTC).toInstant(),
                about.getLastModified().toInstant());

        SiteMapURL books = crawl.urls.get(origin + "/shop/api/categories/books");
        assertEquals(0.9, books.getPriority(), "the row's own priority wins over the annotation's");
        assertEquals(SiteMapURL.ChangeFrequency.DAILY, books.getChangeFrequency());
        SiteMapURL toys = crawl.urls.get(origin + "/shop/api/categories/kids%20toys");
        assertEquals(0.5, toys.getPriority(), "the annotation's for a row without its own");
        assertEquals(SiteMapURL.ChangeFrequency.WEEKLY, toys.getChangeFrequency());

        SiteMapURL product = crawl.urls.get(origin + "/shop/api/products/997/caf%C3%A9-997");
        assertEquals(0.6, product.getPriority());
        assertEquals(SiteMapURL.ChangeFrequency.WEEKLY, product.getChangeFrequency());
        assertEquals(
                OffsetDateTime.parse("2026-01-01T16:37:00Z").toInstant(),
                product.getLastModified().toInstant());
    }

    @Test
    void sampleOfListedUrlsAnswers200() {
        List<String> sample = new ArrayList<>();
        for (String url : crawl.urls.keySet()) {
            if (!url.contains("/products/")) {
                sample.add(url); // every static and category page
            }
        }
        List<String> products = new ArrayList<>(crawl.urls.keySet());
        products.removeAll(sample);
        Random random = new Random(4);
        for (int i = 0; i < 30; i++) {
            sample.add(products.get(random.nextInt(products.size())));
        }
        sample.add(origin + "/shop/api/products/1009/gr%C3%B6%C3%9Fe%2010%201009");
        sample.add(origin + "/shop/api/products/" + Catalog.PRODUCTS + "/product-" + Catalog.PRODUCTS);
        for (String url : sample) {
            Http.Response r = Http.get(url);
            assertEquals(200, r.status(), "GET " + url + ": " + r.text());
        }
        // and the resource really checks: a slug that is not the product's is a 404
        assertEquals(404, Http.get(origin + "/shop/api/products/1/wrong").status());
    }

    @Test
    void unusableRowsAreSkippedWithAWarningNotWrittenWrong() {
        assertFalse(crawl.urls.keySet().stream().anyMatch(u -> u.contains("/" + Catalog.BAD_PRODUCT + "/")));
        assertFalse(crawl.urls.keySet().stream().anyMatch(u -> u.contains("cotton")));
        assertEquals(
                1,
                logs.containing("WARNING", "skipped 1 URL(s) of /api/products/{id}/{slug}", "contains '/'")
                        .size(),
                String.join("\n", logs.lines()));
        assertEquals(
                1,
                logs.containing("WARNING", "skipped 1 URL(s) of /api/categories/{name}", "contains '%'")
                        .size(),
                String.join("\n", logs.lines()));
        // what a crawler would have met had they been listed
        assertEquals(
                400, Http.get(origin + "/shop/api/categories/100%25-cotton").status());
    }

    @Test
    void withoutTheProcessorTheEntriesAreFoundByReflectionAndSaidSo() {
        // This module's tests compile with no processor (it is sitemapkit-jaxrs-processor, built after):
        // one warning names the classes and the artifact; the index path runs in the processor's module,
        // the server suite (indexed.war) and the sample.
        assertEquals(
                1,
                logs.containing("WARNING", "found their entries by reflection", "sitemapkit-jaxrs-processor")
                        .size(),
                String.join("\n", logs.lines()));
        assertEquals(
                1,
                logs.containing("INFO", "5 @SitemapEntry method(s)", "under /api/")
                        .size(),
                String.join("\n", logs.lines()));
    }

    /** Every URL the shop should list, built by Jersey's UriBuilder from the resources' own annotations. */
    private static Set<String> expectedUrls() throws SQLException {
        URI api = URI.create(origin + "/shop/api");
        Set<String> urls = new LinkedHashSet<>();
        UriBuilder pages = UriBuilder.fromUri(api).path(PageResource.class);
        urls.add(pages.build().toString());
        urls.add(pages.clone().path(PageResource.class, "about").build().toString());
        urls.add(pages.clone().path(PageResource.class, "ueberUns").build().toString());
        UriBuilder category =
                UriBuilder.fromUri(api).path(CategoryResource.class).path(CategoryResource.class, "category");
        for (String name : Catalog.CATEGORIES) {
            urls.add(category.build(name).toString());
        }
        UriBuilder product = UriBuilder.fromUri(api).path(ProductResource.class).path(ProductResource.class, "product");
        Map<Long, String> slugs = new LinkedHashMap<>();
        try (Stream<Object[]> rows = catalog.products(rs -> {
            try {
                return new Object[] {rs.getLong(1), rs.getString(2)};
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        })) {
            rows.forEach(r -> slugs.put((Long) r[0], (String) r[1]));
        }
        slugs.forEach((id, slug) -> {
            if (id != Catalog.BAD_PRODUCT) {
                urls.add(product.build(id, slug).toString());
            }
        });
        return urls;
    }
}
