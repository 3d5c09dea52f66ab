package org.sitemapkit.helidon.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URL;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.logging.Level;
import org.jboss.jandex.DotName;
import org.jboss.jandex.Index;
import org.jboss.jandex.IndexReader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sitemapkit.testsupport.Crawl;
import org.sitemapkit.testsupport.Http;
import org.sitemapkit.testsupport.LogRecords;

/**
 * The application as Helidon MP runs it, one start for all tests: Jersey on Helidon's server with Weld, where
 * SitemapKit's JAX-RS filter serves. Each test reads it over HTTP as a crawler or a client does.
 */
class HelidonMpTest {
    private static LogRecords log;
    private static LogRecords warnings;
    private static HelidonApp app;
    private static String base;

    @BeforeAll
    static void start() {
        log = LogRecords.of("", Level.INFO);
        warnings = LogRecords.of("", Level.WARNING);
        // Helidon does not tell the JAX-RS filter where requests arrive, so page checks need verify-origin;
        // they are HelidonPageVerificationTest's, and off here
        app = HelidonApp.start(port -> Map.of("sitemapkit.verify", "off"));
        base = app.base;
    }

    @AfterAll
    static void stop() {
        if (app != null) {
            app.close();
        }
        if (log != null) {
            log.close();
            warnings.close();
        }
    }

    /**
     * The start-up had none of the warnings: sitemapkit-jaxrs's Jandex index is one Helidon's Jandex
     * reads (the jar's: Maven hands this module the jar in {@code package} and {@code verify}, the classes
     * folder in {@code test}), and the application started at all, so {@code @Inject SitemapKit} was satisfied
     * (WELD-001408 otherwise). The JAX-RS filter serves, as the start-up line says.
     */
    @Test
    void startsCleanWithTheJaxrsFilterServing() {
        assertEquals(List.of(), warnings.containing("Jandex"), "no Jandex warning at start");
        assertEquals(List.of(), warnings.containing("WELD"), "no Weld warning at start");
        assertEquals(List.of(), warnings.containing("sitemapkit"), "no warning of SitemapKit's at start");
        assertTrue(
                !log.containing("sitemapkit: the JAX-RS filter", "serves /sitemap.xml")
                        .isEmpty(),
                () -> "the start-up line names the JAX-RS filter:\n" + String.join("\n", log.lines()));
    }

    /**
     * Helidon's own Jandex (3.1) reads sitemapkit-jaxrs's index, whichever way it is on the class path, and finds
     * the classes Quarkus needs there.
     */
    @Test
    void jandexIndexReadableByHelidonsJandex() throws IOException {
        URL found = null;
        for (URL url : Collections.list(getClass().getClassLoader().getResources("META-INF/jandex.idx"))) {
            if (url.toString().contains("sitemapkit-jaxrs") || url.toString().contains("jaxrs-extension")) {
                found = url;
            }
        }
        assertNotNull(found, "sitemapkit-jaxrs has a Jandex index");
        Index index;
        try (InputStream in = found.openStream()) {
            index = new IndexReader(in).read();
        }
        for (String name : List.of(
                "org.sitemapkit.jaxrs.SitemapEntryFeature",
                "org.sitemapkit.jaxrs.internal.ProviderBeans",
                "org.sitemapkit.jaxrs.internal.KitProducer")) {
            assertNotNull(index.getClassByName(DotName.createSimple(name)), name);
        }
    }

    /** Every page and item, read by crawler-commons in strict mode, each URL answering. */
    @Test
    void crawlsEveryUrl() {
        Crawl crawl = Crawl.of(base + "sitemap.xml");
        Set<String> paths = crawl.paths(base.substring(0, base.length() - 1));
        assertEquals(ItemCatalog.SIZE + 1, paths.size(), () -> "paths: " + new TreeSet<>(paths));
        assertTrue(paths.contains("/about"), () -> "paths: " + paths);
        ItemCatalog catalog = new ItemCatalog();
        ItemCatalog.Item first = catalog.find(1).orElseThrow();
        assertTrue(paths.contains("/items/1/" + first.slug()), () -> "paths: " + paths);
        assertEquals(200, Http.get(base + "items/1/" + first.slug()).status());
    }

    /** The back office's rename goes through the injected SitemapKit: the sitemap lists the new slug at once. */
    @Test
    void injectedKitInvalidates() {
        Http.Response renamed = Http.send("POST", URI.create(base + "admin/items/7/rename?name=Helidon+Lamp"));
        assertEquals(204, renamed.status(), renamed::describe);
        Set<String> paths = Crawl.of(base + "sitemap.xml").paths(base.substring(0, base.length() - 1));
        assertTrue(paths.contains("/items/7/helidon-lamp"), () -> "paths: " + new TreeSet<>(paths));
        assertEquals(ItemCatalog.SIZE + 1, paths.size());
    }

    /** robots.txt is the rules file with one Sitemap line. */
    @Test
    void robotsTxt() {
        Http.Response robots = Http.get(base + "robots.txt");
        assertEquals(200, robots.status(), robots::describe);
        assertTrue(robots.text().contains("Disallow: /private/"), robots::describe);
        assertEquals(
                List.of("Sitemap: " + base + "sitemap.xml"),
                robots.text().lines().filter(l -> l.startsWith("Sitemap:")).toList());
    }

    /**
     * 304 and HEAD answer with no body; Helidon writes {@code Content-Length: 0} on both, as it does on the
     * application's own resources, which docs/jaxrs-runtimes.md says.
     */
    @Test
    void notModifiedAndHead() {
        Http.Response page = Http.get(base + "sitemap.xml");
        String etag = page.header("ETag").orElseThrow();
        Http.Response again = Http.get(base + "sitemap.xml", "If-None-Match", etag);
        assertEquals(304, again.status(), again::describe);
        assertArrayEquals(new byte[0], again.body());
        assertEquals(Optional.of("0"), again.header("Content-Length"), "Helidon's own length on a 304");
        Http.Response head = Http.head(URI.create(base + "sitemap.xml"));
        assertEquals(200, head.status(), head::describe);
        assertEquals(etag, head.header("ETag").orElseThrow());
        assertArrayEquals(new byte[0], head.body());
        assertEquals(Optional.of("0"), head.header("Content-Length"), "Helidon's own length on a HEAD");
    }
}
