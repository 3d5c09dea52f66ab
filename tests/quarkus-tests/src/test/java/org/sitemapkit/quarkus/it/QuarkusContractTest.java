package org.sitemapkit.quarkus.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import crawlercommons.sitemaps.SiteMapURL;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.sitemapkit.testsupport.Crawl;
import org.sitemapkit.testsupport.Http;

/**
 * What a user of Quarkus REST (Vert.x, no servlets) must get: the same contract the servers' tests assert for the
 * test WAR (server-tests' ServerContract), against this module's application, which has the WAR's pages: the about
 * page, 1,000 catalogue items filled by a CDI bean, and the application's own static robots.txt. Every GET is
 * recorded, so the last tests can say whether anything got a 5xx or left a SitemapKit stack trace in the log.
 */
@QuarkusTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class QuarkusContractTest {

    private static final String EVIL_HOST = "evil.example";

    /** Where the test profile writes the application's log (application.properties). */
    private static final Path LOG = Path.of("target/quarkus-test.log");

    final Http.Recorder http = new Http.Recorder();
    /** Requests that are not plain GETs (HEAD, raw sockets), with their status, for the 5xx check. */
    final List<Http.Exchange> others = new ArrayList<>();

    @TestHTTPResource("/")
    URL root;

    @Inject
    ItemCatalog catalog;

    /** http://localhost:port, no trailing slash. */
    String base() {
        String s = root.toExternalForm();
        return s.endsWith("/") ? s.substring(0, s.length() - 1) : s;
    }

    /** The about page and one URL per catalogue item, each with the lastmod the catalogue gives it (or null). */
    Map<String, Instant> expectedUrls() {
        Map<String, Instant> urls = new TreeMap<>();
        urls.put(
                base() + "/api/about",
                AboutLastmod.EDITED.atStartOfDay(java.time.ZoneOffset.UTC).toInstant());
        catalog.rows()
                .forEach(item -> urls.put(
                        base() + "/api/items/" + item.id() + "/" + item.slug(),
                        item.lastmod().toInstant()));
        return urls;
    }

    @Order(1)
    @Test
    void sitemapListsExactlyTheJaxRsPages() {
        Crawl crawl = Crawl.collect(base() + "/sitemap.xml", http::get);
        Map<String, Instant> expected = expectedUrls();
        assertEquals(ItemCatalog.SIZE + 1, expected.size(), "the catalogue's slugs are distinct per id");
        Set<String> missing = new TreeSet<>(expected.keySet());
        missing.removeAll(crawl.urls.keySet());
        Set<String> extra = new TreeSet<>(crawl.urls.keySet());
        extra.removeAll(expected.keySet());
        assertTrue(
                crawl.problems.isEmpty() && missing.isEmpty() && extra.isEmpty(),
                () -> crawl.urls.size() + " URLs found, " + expected.size() + " expected; missing " + missing.size()
                        + first(missing) + ", extra " + extra.size() + first(extra) + "; "
                        + crawl.problems.size() + " problems" + first(crawl.problems));
        assertTrue(crawl.index, "two sections (pages, items): /sitemap.xml is an index");
        assertEquals(
                List.of("/sitemap-items-1.xml", "/sitemap-pages-1.xml"),
                crawl.pagePaths(base()).stream().sorted().toList());
    }

    @Order(2)
    @Test
    void itemsCarryTheLastmodOfTheInjectedCatalogue() {
        Crawl crawl = Crawl.collect(base() + "/sitemap.xml", http::get);
        List<String> wrong = new ArrayList<>();
        expectedUrls().forEach((loc, lastmod) -> {
            SiteMapURL u = crawl.urls.get(loc);
            if (lastmod != null
                    && (u == null
                            || u.getLastModified() == null
                            || !u.getLastModified().toInstant().equals(lastmod))) {
                wrong.add(loc + " lastmod " + (u == null ? "(not listed)" : u.getLastModified()) + ", catalogue "
                        + lastmod);
            }
        });
        assertTrue(wrong.isEmpty(), () -> wrong.size() + " items with a wrong lastmod" + first(wrong));
        Set<Instant> distinct =
                expectedUrls().values().stream().filter(i -> i != null).collect(Collectors.toSet());
        assertTrue(distinct.size() > ItemCatalog.SIZE / 2, "the catalogue's lastmods vary: " + distinct.size());
    }

    @Order(3)
    @Test
    void sampledPagesAnswer200FromTheJaxRsRuntime() {
        List<String> wrong = new ArrayList<>();
        check(wrong, base() + "/api/about", "About this shop");
        for (long id : new long[] {1, 2, 417, 999, ItemCatalog.SIZE}) {
            String slug = catalog.find(id).orElseThrow().slug();
            check(wrong, base() + "/api/items/" + id + "/" + slug, "item " + id + " " + slug);
        }
        assertTrue(wrong.isEmpty(), wrong::toString);
    }

    private void check(List<String> wrong, String uri, String text) {
        Http.Response r = http.get(uri);
        if (r.status() != 200 || !r.text().contains(text)) {
            wrong.add("GET " + uri + " -> " + r.describe());
        }
    }

    @Order(4)
    @Test
    void robotsTxtIsTheApplicationsOwnPlusOneSitemapLine() {
        Http.Response r = http.get(base() + "/robots.txt");
        String where = "robots.txt " + r.describe();
        assertEquals(200, r.status(), where);
        List<String> lines = r.text().lines().toList();
        assertTrue(lines.contains("Disallow: /private/"), "the application's rules are kept: " + where);
        assertTrue(lines.contains("Crawl-delay: 5"), "lines RFC 9309 does not define are kept: " + where);
        assertTrue(lines.contains("User-agent: BadBot"), "every group is kept: " + where);
        List<String> sitemapLines = lines.stream()
                .filter(l -> l.regionMatches(true, 0, "Sitemap:", 0, 8))
                .toList();
        assertEquals(List.of("Sitemap: " + base() + "/sitemap.xml"), sitemapLines, where);
    }

    @Order(5)
    @Test
    void forgedHostGetsTheApplicationsOwnAnswerForRobotsTxt() {
        Http.Response r = http.get(base() + "/robots.txt", "Host", EVIL_HOST);
        String where = "robots.txt for Host " + EVIL_HOST + ": " + r.describe();
        // The application has no robots.txt of its own (its rules are SitemapKit's rules file), so
        // for a host that is not served the answer is its 404, not the rules and no Sitemap line.
        assertEquals(404, r.status(), where);
        assertFalse(r.text().contains("Sitemap:"), "no Sitemap line for a host that is not served: " + where);
        assertFalse(r.text().contains("Disallow"), "the rules are served only for a served host: " + where);
    }

    @Order(6)
    @Test
    void forgedHostSitemapXmlIsTheApplications404() {
        Http.Response r = http.get(base() + "/sitemap.xml", "Host", EVIL_HOST);
        // The application's own answer for a file it does not have, asked the same way.
        Http.Response control = http.get(base() + "/no-such-file.xml", "Host", EVIL_HOST);
        String where = "sitemap.xml for Host " + EVIL_HOST + ": " + r.describe() + "; the application's 404 is "
                + control.describe();
        assertEquals(404, control.status(), "control request: " + where);
        assertEquals(404, r.status(), where);
        assertFalse(r.header("X-Robots-Tag").isPresent(), "SitemapKit's documents carry X-Robots-Tag: " + where);
        assertEquals(control.header("Content-Type"), r.header("Content-Type"), "not the application's 404: " + where);
        assertArrayEquals(control.body(), r.body(), "not the application's 404: " + where);
    }

    @Order(7)
    @Test
    void htmlViewAnswers() {
        Http.Response r = http.get(base() + "/sitemap.html");
        assertEquals(200, r.status(), () -> "sitemap.html: " + r.describe());
        assertTrue(r.contentType().startsWith("text/html"), r::describe);
    }

    @Order(8)
    @Test
    void sitemapDocumentsCarryTheRightHeaders() {
        Http.Response r = http.get(base() + "/sitemap-items-1.xml");
        String where = "sitemap-items-1.xml: " + r.describe();
        assertEquals(200, r.status(), where);
        assertEquals(
                "application/xml;charset=utf-8",
                r.contentType().replace(" ", "").toLowerCase(),
                where);
        assertEquals(Optional.of("noindex"), r.header("X-Robots-Tag"), where);
        assertTrue(r.header("Vary").orElse("").contains("Accept-Encoding"), where);
        String etag = r.header("ETag").orElseThrow(() -> new AssertionError("no ETag: " + where));
        assertTrue(etag.startsWith("\"") && etag.endsWith("\""), "strong ETag: " + etag);
        assertTrue(r.header("Last-Modified").isPresent(), where);
        assertEquals(Optional.of(Integer.toString(r.body().length)), r.header("Content-Length"), where);
        assertTrue(r.text().startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"), where);
    }

    @Order(9)
    @Test
    void conditionalGetIs304WithoutABodyOrAWrongLength() {
        for (String document : List.of("/sitemap.xml", "/sitemap-items-1.xml", "/robots.txt")) {
            String uri = base() + document;
            Http.Response full = http.get(uri);
            String etag = full.header("ETag").orElseThrow(() -> new AssertionError(uri + ": no ETag"));
            Http.Response r = http.get(uri, "If-None-Match", etag);
            String where = uri + " If-None-Match " + etag + ": " + r.describe();
            assertEquals(304, r.status(), where);
            assertEquals(0, r.body().length, where);
            assertEquals(Optional.of(etag), r.header("ETag"), where);
            // RFC 9110 §8.6: absent, or the length the 200 had.
            Optional<String> length = r.header("Content-Length");
            assertTrue(
                    length.isEmpty() || length.get().equals(Integer.toString(full.body().length)),
                    where + "; the 200 had " + full.body().length + " bytes");
            assertEquals(200, http.get(uri, "If-None-Match", "\"other\"").status(), uri + " another ETag");
        }
        String page = base() + "/sitemap-items-1.xml"; // every item has a lastmod; the about page has none
        String lastModified = http.get(page).header("Last-Modified").orElseThrow();
        assertEquals(304, http.get(page, "If-Modified-Since", lastModified).status(), page);
        assertEquals(
                200,
                http.get(page, "If-Modified-Since", "Wed, 31 Dec 2025 23:59:59 GMT")
                        .status(),
                page);
    }

    @Order(10)
    @Test
    void headHasTheHeadersOfGetAndNoBody() {
        for (String document : List.of("/sitemap.xml", "/sitemap-items-1.xml", "/robots.txt")) {
            String uri = base() + document;
            Http.Response get = http.get(uri);
            Http.Response head = head(uri);
            String where = "HEAD " + uri + ": " + head.describe() + "; GET " + get.describe();
            assertEquals(200, head.status(), where);
            assertEquals(0, head.body().length, where);
            assertEquals(get.header("ETag"), head.header("ETag"), where);
            assertEquals(get.header("Content-Type"), head.header("Content-Type"), where);
            assertEquals(Optional.of(Integer.toString(get.body().length)), head.header("Content-Length"), where);
        }
    }

    @Order(11)
    @Test
    void gzipIsNegotiatedAndTheGzFileIsTheSamePage() {
        for (String section : List.of("items", "pages")) {
            String page = base() + "/sitemap-" + section + "-1.xml";
            Http.Response identity = http.get(page);
            Http.Response gzip = http.get(page, "Accept-Encoding", "gzip");
            String where =
                    page + " gzip: " + gzip.status() + " " + gzip.headers().map();
            assertEquals(200, gzip.status(), where);
            assertEquals(Optional.of("gzip"), gzip.header("Content-Encoding"), where);
            assertFalse(identity.header("Content-Encoding").isPresent(), page + " identity");
            assertArrayEquals(identity.body(), gunzip(gzip.body()), where);
            assertEquals(Optional.of(Integer.toString(gzip.body().length)), gzip.header("Content-Length"), where);
            assertNotEquals(identity.header("ETag"), gzip.header("ETag"), where);

            Http.Response file = http.get(page + ".gz");
            String fileWhere =
                    page + ".gz: " + file.status() + " " + file.headers().map();
            assertEquals(200, file.status(), fileWhere);
            assertEquals(Optional.of("application/gzip"), file.header("Content-Type"), fileWhere);
            assertFalse(file.header("Content-Encoding").isPresent(), fileWhere);
            assertArrayEquals(identity.body(), gunzip(file.body()), fileWhere);

            Http.Response refused = http.get(page, "Accept-Encoding", "gzip;q=0, br");
            assertFalse(refused.header("Content-Encoding").isPresent(), page + " gzip;q=0");
        }
        Http.Response index = http.get(base() + "/sitemap.xml", "Accept-Encoding", "gzip");
        assertEquals(
                Optional.of("gzip"),
                index.header("Content-Encoding"),
                "sitemap.xml " + index.headers().map());
        assertTrue(new String(gunzip(index.body()), StandardCharsets.UTF_8).contains("<sitemapindex"));
    }

    @Order(12)
    @Test
    void malformedHeadersNeverGetA5xx() {
        URI uri = URI.create(base());
        String host = uri.getHost() + ":" + uri.getPort();
        List<String> targets = List.of(
                "/sitemap.xml",
                "/sitemap-items-1.xml",
                "/sitemap-items-1.xml.gz",
                "/robots.txt",
                "/sitemap.html",
                "/sitemap.html?section=items&page=1",
                "/sitemap.html?section=%ff&page=1",
                "/sitemap.xml?%zz",
                "/sitemap-items-" + "9".repeat(40) + ".xml");
        List<String[]> headers = List.of(
                new String[] {},
                new String[] {"If-Modified-Since: yesterday"},
                new String[] {"If-Modified-Since: Wed, 99 Foo 2025 99:99:99 GMT"},
                new String[] {"If-None-Match: \"\u00ff"},
                new String[] {"If-None-Match: *"},
                new String[] {"Accept-Encoding: ;;;q=x, gzip;q=nan"},
                new String[] {"Accept-Encoding: gzip;q=1e999"},
                new String[] {"Accept-Encoding: ;"},
                new String[] {"Accept-Encoding: gzip, ;;, ;q=1,"},
                new String[] {"Accept-Encoding: " + "gzip, ".repeat(500)},
                new String[] {"Range: bytes=-", "If-Range: x"});
        List<String> hosts = List.of(
                "localhost:99999",
                "localhost:abc",
                "[::1",
                "LOCALHOST.:" + uri.getPort(),
                "a b",
                "evil.example\u00e9",
                "",
                "x".repeat(4000),
                ("h" + ".example").repeat(1500));
        List<String> fives = new ArrayList<>();
        for (String target : targets) {
            for (String[] lines : headers) {
                raw(fives, uri, target, host, lines);
            }
            for (String h : hosts) {
                raw(fives, uri, target, h);
            }
        }
        assertTrue(fives.isEmpty(), () -> fives.size() + " malformed requests got a 5xx" + first(fives));
    }

    private void raw(List<String> fives, URI uri, String target, String host, String... lines) {
        int status = Http.raw(uri, target, host, lines);
        String request = "raw GET " + target + " Host: " + abbreviate(host) + " " + abbreviate(List.of(lines));
        synchronized (others) {
            others.add(new Http.Exchange(request, status));
        }
        if (status >= 500) {
            fives.add(request + " -> " + status);
        }
    }

    private Http.Response head(String uri) {
        Http.Response r = Http.head(URI.create(uri));
        synchronized (others) {
            others.add(new Http.Exchange("HEAD " + uri, r.status()));
        }
        return r;
    }

    @Order(13)
    @Test
    void theApplicationHasNoServletApi() {
        // What makes this application the case the JAX-RS serving path is for: nothing here can load a filter.
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        for (String name : List.of("jakarta.servlet.ServletContext", "jakarta.servlet.Filter")) {
            assertThrows(ClassNotFoundException.class, () -> Class.forName(name, false, loader), name);
        }
    }

    @Order(14)
    @Test
    void aRenameInvalidatedThroughTheInjectedSitemapKitIsListed() {
        String before = catalog.find(417).orElseThrow().slug();
        Http.Response renamed = Http.send(
                "POST", URI.create(base() + "/api/admin/items/417/rename?name=Brass%20Floor%20Lamp%20Deluxe"));
        assertEquals(204, renamed.status(), renamed.describe());
        Crawl crawl = Crawl.collect(base() + "/sitemap.xml", http::get);
        assertTrue(crawl.urls.containsKey(base() + "/api/items/417/brass-floor-lamp-deluxe"), "the new slug");
        assertFalse(crawl.urls.containsKey(base() + "/api/items/417/" + before), "not the old one");
        assertEquals(ItemCatalog.SIZE + 1, crawl.urls.size());
    }

    @Order(100)
    @Test
    void noResponseInThisClassWasA5xx() {
        List<Http.Exchange> seen = new ArrayList<>(http.seen());
        synchronized (others) {
            seen.addAll(others);
        }
        List<Http.Exchange> errors =
                seen.stream().filter(e -> e.status() >= 500).toList();
        assertFalse(seen.isEmpty(), "no request was made: the tests above did not run");
        assertTrue(
                errors.isEmpty(), () -> errors.size() + " of " + seen.size() + " responses were 5xx" + first(errors));
    }

    @Order(101)
    @Test
    void logHasNoStackTraceThroughSitemapKit() throws IOException {
        assertTrue(Files.exists(LOG), "the test profile logs to " + LOG.toAbsolutePath());
        List<String> lines = Files.readAllLines(LOG, StandardCharsets.UTF_8);
        List<String> frames = lines.stream()
                .filter(l -> l.strip().startsWith("at org.sitemapkit."))
                .toList();
        assertTrue(
                frames.isEmpty(), () -> frames.size() + " stack frames through SitemapKit in " + LOG + first(frames));
    }

    static byte[] gunzip(byte[] gz) {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gz))) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("not gzip: " + gz.length + " bytes", e);
        }
    }

    private static String abbreviate(Object o) {
        String s = String.valueOf(o);
        return s.length() > 60 ? s.substring(0, 60) + "...(" + s.length() + " chars)" : s;
    }

    /** Up to the first five elements, for a message that stays readable with a thousand of them. */
    static String first(Collection<?> items) {
        if (items.isEmpty()) {
            return "";
        }
        return items.stream()
                .limit(5)
                .map(String::valueOf)
                .collect(Collectors.joining("\n  ", " (first " + Math.min(5, items.size()) + ":\n  ", ")"));
    }
}
