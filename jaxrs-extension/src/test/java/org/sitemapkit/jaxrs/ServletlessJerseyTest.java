package org.sitemapkit.jaxrs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.logging.Level;
import java.util.zip.GZIPInputStream;
import org.glassfish.grizzly.http.server.HttpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sitemapkit.jaxrs.servletless.RobotsResource;
import org.sitemapkit.jaxrs.shop.AboutLastmod;
import org.sitemapkit.jaxrs.shop.PageResource;
import org.sitemapkit.testsupport.Crawl;
import org.sitemapkit.testsupport.FreePorts;
import org.sitemapkit.testsupport.Http;
import org.sitemapkit.testsupport.LogRecords;

/**
 * The JAX-RS serving path on a runtime without a servlet container: Jersey on its own Grizzly
 * HTTP server, as Helidon MP runs Jersey on its own server. The same contract as the servlet
 * filter's: the sitemap read by crawler-commons in strict mode, validators and 304, HEAD, gzip,
 * the application's robots.txt (a JAX-RS resource) amended, a forged Host passed on, and no 5xx
 * for any malformed header. Settings come from the JAX-RS application's properties.
 */
class ServletlessJerseyTest {
    private static HttpServer server;
    private static String origin;
    private static LogRecords logs;

    @BeforeAll
    static void start() {
        logs = LogRecords.of("org.sitemapkit", Level.INFO);
        int port = FreePorts.take(1)[0];
        origin = "http://127.0.0.1:" + port;
        server = RestFilterEdgeTest.start(origin + "/", port, PageResource.class, RobotsResource.class);
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.shutdownNow();
        }
        if (logs != null) {
            logs.close();
        }
    }

    @Test
    void startupSaysTheJaxrsFilterServes() {
        assertTrue(
                logs.lines().stream().anyMatch(m -> m.contains("the JAX-RS filter (no servlet container")),
                () -> String.join("\n", logs.lines()));
        assertTrue(
                logs.lines().stream().noneMatch(m -> m.contains("the servlet filter serves")),
                () -> String.join("\n", logs.lines()));
        assertEquals(
                1,
                logs.containing("WARNING", "listed pages are not checked (verify=sample)", "sitemapkit.verify-origin")
                        .size(),
                "Jersey's own server does not tell where requests arrive, and the start says so: "
                        + String.join("\n", logs.lines()));
    }

    @Test
    void sitemapListsThePagesReadStrictly() {
        Crawl crawl = Crawl.of(origin + "/sitemap.xml");
        assertEquals(
                new TreeSet<>(Set.of(origin + "/", origin + "/about", origin + "/%C3%BCber-uns")),
                new TreeSet<>(crawl.urls.keySet()));
        assertEquals(
                AboutLastmod.EDITED.toString(),
                crawl.urls
                        .get(origin + "/about")
                        .getLastModified()
                        .toInstant()
                        .toString()
                        .substring(0, 10));
    }

    @Test
    void conditionalGetAndHeadAndGzip() throws IOException {
        URI root = URI.create(origin + "/sitemap.xml");
        Http.Response plain = Http.get(root);
        assertEquals(200, plain.status());
        assertEquals("application/xml;charset=utf-8", normalized(plain.contentType()));
        String etag = plain.header("ETag").orElseThrow();
        assertEquals(
                String.valueOf(plain.body().length),
                plain.header("Content-Length").orElseThrow());
        // no Last-Modified: two of the three pages have no lastmod, so the sitemap's newest is unknown
        assertTrue(plain.header("Last-Modified").isEmpty());

        Http.Response again = Http.get(root, "If-None-Match", etag);
        assertEquals(304, again.status(), again.describe());
        assertEquals(0, again.body().length);

        Http.Response since = Http.get(root, "If-Modified-Since", "Sun, 01 Nov 2026 00:00:00 GMT");
        assertEquals(200, since.status(), "no Last-Modified to compare with: " + since.describe());

        Http.Response head = Http.head(root);
        assertEquals(200, head.status());
        assertEquals(0, head.body().length);
        // Jersey on Grizzly drops Content-Length on a HEAD (RFC 9110 allows it); when sent, it is the GET's
        head.header("Content-Length").ifPresent(length -> assertEquals(String.valueOf(plain.body().length), length));

        Http.Response gz = Http.get(root, "Accept-Encoding", "gzip");
        assertEquals("gzip", gz.header("Content-Encoding").orElseThrow());
        assertArrayEquals(plain.body(), gunzip(gz.body()));
        assertTrue(gz.header("ETag").orElseThrow().endsWith("-gz\""));

        Http.Response file = Http.get(URI.create(origin + "/sitemap-pages-1.xml.gz"));
        assertEquals(200, file.status(), file.describe());
        assertEquals("application/gzip", file.contentType());
    }

    @Test
    void robotsTxtIsTheApplicationsOwnPlusOneSitemapLine() {
        Http.Response robots = Http.get(origin + "/robots.txt");
        assertEquals(200, robots.status(), robots.describe());
        assertEquals(RobotsResource.RULES + "\nSitemap: " + origin + "/sitemap.xml\n", robots.text());
        assertEquals("text/plain;charset=utf-8", normalized(robots.contentType()));
        Http.Response again = Http.get(
                origin + "/robots.txt", "If-None-Match", robots.header("ETag").orElseThrow());
        assertEquals(304, again.status(), again.describe());
    }

    @Test
    void aForgedHostIsPassedOnUntouched() {
        int sitemap = Http.raw(URI.create(origin), "/sitemap.xml", "evil.example");
        assertEquals(404, sitemap, "the application's own 404: SitemapKit did not answer");
        Http.Response robots = Http.get(origin + "/robots.txt", "Host", "evil.example");
        assertEquals(RobotsResource.RULES, robots.text());
    }

    @Test
    void malformedHeadersNeverGiveA5xx() {
        List<String[]> headers = List.of(
                new String[] {"If-Modified-Since", "yesterday"},
                new String[] {"If-Modified-Since", "Tue, 99 Foo 2026 99:99:99 GMT"},
                new String[] {"If-None-Match", "\"unterminated"},
                new String[] {"If-None-Match", ",,,*,,,"},
                new String[] {"Accept-Encoding", ";;;q=NaN,gzip;q=x,*;q=-1"},
                new String[] {"Accept-Encoding", "gzip;q=0"});
        for (String[] h : headers) {
            for (String path : List.of("/sitemap.xml", "/sitemap-pages-1.xml", "/robots.txt", "/sitemap.html")) {
                Http.Response r = Http.get(origin + path, h[0], h[1]);
                assertTrue(r.status() < 500, () -> path + " with " + h[0] + ": " + h[1] + " gave " + r.describe());
            }
        }
        for (String path : List.of("/sitemap-pages-0.xml", "/sitemap-PAGES-1.xml", "/sitemap-nosuch-1.xml")) {
            assertEquals(404, Http.get(origin + path).status(), path);
        }
        assertTrue(Http.raw(URI.create(origin), "/sitemap.xml", "127.0.0.1:99999999999") < 500);
    }

    @Test
    void htmlViewAnswers() {
        Http.Response html = Http.get(origin + "/sitemap.html");
        assertEquals(200, html.status(), html.describe());
        assertTrue(html.text().contains("<td>pages</td>") || html.text().contains(">pages<"), html.text());
    }

    private static String normalized(String contentType) {
        return contentType.replace(" ", "").toLowerCase(java.util.Locale.ROOT);
    }

    private static byte[] gunzip(byte[] gz) throws IOException {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gz))) {
            return in.readAllBytes();
        }
    }
}
