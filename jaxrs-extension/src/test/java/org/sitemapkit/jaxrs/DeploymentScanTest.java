package org.sitemapkit.jaxrs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.ws.rs.core.UriBuilder;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.TreeSet;
import java.util.logging.Level;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.glassfish.jersey.servlet.ServletContainer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sitemapkit.internal.servlet.SitemapInitializer;
import org.sitemapkit.jaxrs.faulty.FaultyApplication;
import org.sitemapkit.jaxrs.faulty.FaultyResource;
import org.sitemapkit.jaxrs.internal.SitemapEntryInitializer;
import org.sitemapkit.jaxrs.shop.Catalog;
import org.sitemapkit.jaxrs.shop.CategoryResource;
import org.sitemapkit.jaxrs.shop.PageResource;
import org.sitemapkit.jaxrs.shop.ShopApplication;
import org.sitemapkit.testsupport.Crawl;
import org.sitemapkit.testsupport.Http;
import org.sitemapkit.testsupport.JettyContainer;
import org.sitemapkit.testsupport.LogRecords;

/**
 * Discovery at deployment, as a WAR gets it: the container hands {@code SitemapEntryInitializer}
 * the classes it scanned (Jetty is told them here, as its annotation module would), so entries
 * are placed before any JAX-RS runtime starts, and what cannot be placed or made says so.
 */
class DeploymentScanTest {
    private static Catalog catalog;

    @BeforeAll
    static void database() throws Exception {
        catalog = Catalog.create("scan");
    }

    @AfterAll
    static void close() throws Exception {
        catalog.close();
    }

    private static ServletContextHandler war(Class<?>... scanned) {
        ServletContextHandler context = new ServletContextHandler();
        context.setContextPath("/");
        context.setAttribute(Catalog.ATTRIBUTE, catalog);
        context.addServletContainerInitializer(new SitemapEntryInitializer(), scanned);
        context.addServletContainerInitializer(new SitemapInitializer());
        return context;
    }

    @Test
    void aJerseyServletWithoutLoadOnStartupChangesNothing() throws Exception {
        ServletContextHandler context = war(ShopApplication.class, PageResource.class, CategoryResource.class);
        ServletHolder jersey = new ServletHolder("rest", ServletContainer.class);
        jersey.setInitParameter("jakarta.ws.rs.Application", ShopApplication.class.getName());
        context.addServlet(jersey, "/rest/*"); // no init order: Jersey starts at its first request
        try (JettyContainer app = JettyContainer.start(context)) {
            Crawl crawl = Crawl.of(app.origin() + "/sitemap.xml");
            Set<String> expected = new TreeSet<>(Set.of(
                    app.origin() + "/rest/", app.origin() + "/rest/about", app.origin() + "/rest/%C3%BCber-uns"));
            UriBuilder category = UriBuilder.fromUri(app.origin() + "/rest")
                    .path(CategoryResource.class)
                    .path(CategoryResource.class, "category");
            for (String name : Catalog.CATEGORIES) {
                expected.add(category.build(name).toString());
            }
            assertEquals(expected, new TreeSet<>(crawl.urls.keySet()), "listed before the JAX-RS servlet ever ran");
            for (String u : crawl.urls.keySet()) {
                assertEquals(200, Http.get(u).status(), u);
            }
        }
    }

    @Test
    void entriesThatCannotBePlacedAnswer503AndSaySoAtStartUp() throws Exception {
        try (LogRecords logs = LogRecords.of("org.sitemapkit.jaxrs", Level.ALL);
                JettyContainer app = JettyContainer.start(war(PageResource.class))) {
            Http.Response root = Http.get(app.origin() + "/sitemap.xml");
            assertEquals(503, root.status(), "never a 200 without the entries");
            assertTrue(root.headers().firstValue("Retry-After").isPresent());
            assertEquals(503, Http.get(app.origin() + "/sitemap-pages-1.xml").status());
            assertEquals(
                    1,
                    logs.containing("WARNING", "cannot be placed", "[pages]", "sitemapkit.jaxrs.base-path")
                            .size(),
                    String.join("\n", logs.lines()));
        }
        ServletContextHandler configured = war(PageResource.class);
        configured.setInitParameter("sitemapkit.jaxrs.base-path", "/web");
        try (JettyContainer app = JettyContainer.start(configured)) {
            Crawl crawl = Crawl.of(app.origin() + "/sitemap.xml");
            assertEquals(
                    Set.of(app.origin() + "/web/", app.origin() + "/web/about", app.origin() + "/web/%C3%BCber-uns"),
                    new TreeSet<>(crawl.urls.keySet()),
                    "the setting places them");
        }
    }

    @Test
    void aProviderThatCannotBeMadeFailsOnlyItsSectionAndIsReportedOnce() throws Exception {
        try (LogRecords logs = LogRecords.of("org.sitemapkit.jaxrs", Level.ALL);
                JettyContainer app = JettyContainer.start(war(FaultyApplication.class, FaultyResource.class))) {
            for (int i = 0; i < 3; i++) {
                assertEquals(
                        503, Http.get(app.origin() + "/sitemap-broken-1.xml").status());
                assertEquals(
                        503, Http.get(app.origin() + "/sitemap-injected-1.xml").status());
                Http.Response fine = Http.get(app.origin() + "/sitemap-pages-1.xml");
                assertEquals(200, fine.status(), "the other section serves");
                assertTrue(new String(fine.body(), StandardCharsets.UTF_8)
                        .contains("<loc>" + app.origin() + "/f/faulty/fine</loc>"));
            }
            assertEquals(
                    1,
                    logs.containing("cannot create the params provider", "BrokenParams", "the database is gone")
                            .size(),
                    String.join("\n", logs.lines()));
            assertEquals(
                    1,
                    logs.containing(
                                    "cannot create the params provider",
                                    "InjectedParams",
                                    "@Inject field catalog",
                                    "no CDI")
                            .size(),
                    String.join("\n", logs.lines()));
            assertTrue(logs.containing("NullPointerException").isEmpty(), "never built with its field left null");
        }
    }
}
