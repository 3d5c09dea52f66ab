package org.sitemapkit.servers;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.sitemapkit.servers.TestWars.Variant;
import org.sitemapkit.test.SitemapCheck;
import org.sitemapkit.testsupport.Crawl;
import org.sitemapkit.testsupport.Http;

/**
 * What a user deploying the test WAR on a real server must get, asserted the same way on every server and for
 * both WARs (with and without the processor's index). One server start per class; every request is recorded, so
 * the last tests can say whether anything in the class got a 5xx or left a SitemapKit stack trace in the log.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@ExtendWith(LogTailOnFailure.class)
abstract class ServerContract {

    /** The items the WAR's catalogue holds, ids 1..ITEMS. */
    static final int ITEMS = 1000;

    private static final String EVIL_HOST = "evil.example";

    final Http.Recorder http = new Http.Recorder();
    Server server;

    /** Starts the server with both WARs deployed, or throws with the reason and the log's tail. */
    abstract Server start(List<Path> wars);

    /** The running server, for the contracts some servers add ({@link OperationsContract}). */
    public Server server() {
        return server;
    }

    /** The recorder of every request of the class, for the contracts some servers add. */
    public Http.Recorder http() {
        return http;
    }

    @BeforeAll
    void startServer() {
        List<Path> wars = TestWars.all();
        long t0 = System.nanoTime();
        server = start(wars);
        System.out.printf(
                "%s on port %d: started with %d WARs deployed in %.1f s; log %s%n",
                server.name(), server.port(), wars.size(), (System.nanoTime() - t0) / 1e9, server.log());
    }

    @AfterAll
    void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    Stream<Variant> wars() {
        return Stream.of(Variant.values());
    }

    /** The about page and one URL per catalogue item, as the README's rules build them. */
    static Set<String> expectedUrls(String base) {
        Set<String> urls = new TreeSet<>();
        urls.add(base + "/api/about");
        for (int id = 1; id <= ITEMS; id++) {
            urls.add(base + "/api/items/" + id + "/item-" + id);
        }
        return urls;
    }

    @Order(1)
    @ParameterizedTest(name = "{0}")
    @MethodSource("wars")
    void sitemapListsExactlyTheJaxRsPages(Variant war) {
        String base = server.base(war);
        Crawl crawl = Crawl.collect(base + "/sitemap.xml", http::get);
        Set<String> expected = expectedUrls(base);
        Set<String> missing = new TreeSet<>(expected);
        missing.removeAll(crawl.urls.keySet());
        Set<String> extra = new TreeSet<>(crawl.urls.keySet());
        extra.removeAll(expected);
        assertTrue(
                crawl.problems.isEmpty() && missing.isEmpty() && extra.isEmpty(),
                () -> server.name() + " " + war.context() + ": "
                        + crawl.urls.keySet().size() + " URLs found, "
                        + expected.size() + " expected; missing " + missing.size() + first(missing) + ", extra "
                        + extra.size() + first(extra) + "; " + crawl.problems.size() + " problems"
                        + first(crawl.problems));
    }

    @Order(2)
    @ParameterizedTest(name = "{0}")
    @MethodSource("wars")
    void sampledPagesAnswer200FromTheJaxRsRuntime(Variant war) {
        String base = server.base(war);
        List<String> wrong = new ArrayList<>();
        check(wrong, base + "/api/about", "About this shop");
        for (int id : new int[] {1, 2, 417, 999, ITEMS}) {
            check(wrong, base + "/api/items/" + id + "/item-" + id, "item " + id + " item-" + id);
        }
        assertTrue(wrong.isEmpty(), () -> server.name() + " " + war.context() + ": " + wrong);
    }

    private void check(List<String> wrong, String uri, String text) {
        Http.Response r = http.get(uri);
        if (r.status() != 200 || !r.text().contains(text)) {
            wrong.add("GET " + uri + " -> " + r.describe());
        }
    }

    @Order(3)
    @ParameterizedTest(name = "{0}")
    @MethodSource("wars")
    void robotsTxtIsTheApplicationsOwnPlusOneSitemapLine(Variant war) {
        String base = server.base(war);
        Http.Response r = http.get(base + "/robots.txt");
        String where = server.name() + " " + war.context() + " robots.txt " + r.describe();
        assertEquals(200, r.status(), where);
        List<String> lines = r.text().lines().toList();
        assertTrue(lines.contains("Disallow: /private/"), "the application's rules are kept: " + where);
        assertTrue(lines.contains("Crawl-delay: 5"), "lines RFC 9309 does not define are kept: " + where);
        List<String> sitemapLines = lines.stream()
                .filter(l -> l.regionMatches(true, 0, "Sitemap:", 0, 8))
                .toList();
        assertEquals(List.of("Sitemap: " + base + "/sitemap.xml"), sitemapLines, where);
    }

    @Order(4)
    @ParameterizedTest(name = "{0}")
    @MethodSource("wars")
    void forgedHostGetsTheStaticRobotsTxtUnchanged(Variant war) throws Exception {
        Http.Response r = http.get(server.base(war) + "/robots.txt", "Host", EVIL_HOST);
        byte[] own = Files.readAllBytes(TestWars.webappSource("robots.txt"));
        String where = server.name() + " " + war.context() + " robots.txt for Host " + EVIL_HOST + ": " + r.describe();
        assertEquals(200, r.status(), where);
        assertFalse(r.text().contains("Sitemap:"), "no Sitemap line for a host that is not served: " + where);
        assertArrayEquals(own, r.body(), "the WAR's static file byte for byte: " + where);
    }

    @Order(5)
    @ParameterizedTest(name = "{0}")
    @MethodSource("wars")
    void forgedHostSitemapXmlIsTheContainers404(Variant war) {
        String base = server.base(war);
        Http.Response r = http.get(base + "/sitemap.xml", "Host", EVIL_HOST);
        // The container's own answer for a file the WAR does not have, asked the same way.
        Http.Response control = http.get(base + "/no-such-file.xml", "Host", EVIL_HOST);
        String where = server.name() + " " + war.context() + " sitemap.xml for Host " + EVIL_HOST + ": " + r.describe()
                + "; the container's 404 is " + control.describe();
        assertEquals(404, control.status(), "control request: " + where);
        assertEquals(404, r.status(), where);
        assertFalse(r.header("X-Robots-Tag").isPresent(), "SitemapKit's documents carry X-Robots-Tag: " + where);
        assertEquals(control.header("Content-Type"), r.header("Content-Type"), "not the container's 404: " + where);
    }

    @Order(6)
    @ParameterizedTest(name = "{0}")
    @MethodSource("wars")
    void applicationsOwnSitemapFilePassesThrough(Variant war) throws Exception {
        Http.Response r = http.get(server.base(war) + "/sitemap-blog.xml");
        byte[] own = Files.readAllBytes(TestWars.webappSource("sitemap-blog.xml"));
        String where = server.name() + " " + war.context() + " sitemap-blog.xml: " + r.describe();
        assertEquals(200, r.status(), where);
        assertArrayEquals(own, r.body(), "the application's static file byte for byte: " + where);
    }

    @Order(7)
    @ParameterizedTest(name = "{0}")
    @MethodSource("wars")
    void htmlViewAnswers(Variant war) {
        Http.Response r = http.get(server.base(war) + "/sitemap.html");
        assertEquals(200, r.status(), () -> server.name() + " " + war.context() + " sitemap.html: " + r.describe());
    }

    @Order(8)
    @Test
    void robotsTxtIsGeneratedWhenTheWarHasNone() {
        String base = server.base(TestWars.NO_ROBOTS);
        Http.Response r = http.get(base + "/robots.txt");
        String where = server.name() + " " + TestWars.NO_ROBOTS + ".war robots.txt: " + r.describe();
        assertEquals(200, r.status(), where);
        // No rules of the application's and no exclude setting: nothing is disallowed, only the sitemap named.
        assertEquals(
                List.of("Sitemap: " + base + "/sitemap.xml"), r.text().lines().toList(), where);
    }

    @Order(9)
    @ParameterizedTest(name = "{0}")
    @MethodSource("wars")
    void conditionalGetIs304WithoutABodyOrAWrongLength(Variant war) {
        for (String document : List.of("/sitemap.xml", "/robots.txt")) {
            String uri = server.base(war) + document;
            Http.Response full = http.get(uri);
            String etag = full.header("ETag").orElseThrow(() -> new AssertionError(uri + ": no ETag"));
            Http.Response r = http.get(uri, "If-None-Match", etag);
            String where = server.name() + " " + uri + " If-None-Match " + etag + ": " + r.describe();
            assertEquals(304, r.status(), where);
            assertEquals(0, r.body().length, where);
            assertEquals(Optional.of(etag), r.header("ETag"), where);
            Optional<String> length = r.header("Content-Length");
            if (zeroLengthOn304()) {
                // The container's transport writes it on every 304, its own static files' too: shown, not ours.
                String own = server.base(war) + "/sitemap-blog.xml";
                String lastModified = http.get(own).header("Last-Modified").orElseThrow();
                Http.Response control = http.get(own, "If-Modified-Since", lastModified);
                assertEquals(304, control.status(), own + ": " + control.describe());
                assertEquals(Optional.of("0"), control.header("Content-Length"), own + ": " + control.describe());
                assertEquals(Optional.of("0"), length, where);
            } else {
                // RFC 9110 §8.6: absent, or the length the 200 had.
                assertTrue(
                        length.isEmpty() || length.get().equals(Integer.toString(full.body().length)),
                        where + "; the 200 had " + full.body().length + " bytes");
            }
        }
    }

    /**
     * Whether the server's transport gives every 304 {@code Content-Length: 0}, whatever the application set
     * (Open Liberty's does, for its own static files too); the test then proves it is the container's doing.
     */
    boolean zeroLengthOn304() {
        return false;
    }

    /**
     * The test kit users run in their own builds, against the deployed WAR: every document strict
     * and schema-valid, every item listed, a sample answering 200. The WAR runs in the server's JVM,
     * so its status (skips, the audit) is out of reach here; and at a context path, its robots.txt
     * is not the one crawlers read.
     */
    @Order(10)
    @ParameterizedTest(name = "{0}")
    @MethodSource("wars")
    void theTestKitFindsNothingWrong(Variant war) {
        SitemapCheck.Result r = SitemapCheck.of(server.base(war))
                .minUrls(ITEMS + 1)
                .sample(10)
                .withoutRobots()
                .run();
        assertEquals(ITEMS + 1, r.urls().size(), server.name() + " " + war.context());
    }

    /**
     * A client that asks to upgrade to HTTP/2 (h2c), as java.net.http does by default: the
     * sitemap answers as over HTTP/1.1, whatever the container makes of the Host header then.
     */
    @Order(11)
    @ParameterizedTest(name = "{0}")
    @MethodSource("wars")
    void sitemapXmlAnswersAClientThatUpgradesToHttp2(Variant war) throws Exception {
        java.net.http.HttpClient h2 = java.net.http.HttpClient.newBuilder()
                .version(java.net.http.HttpClient.Version.HTTP_2)
                .build();
        for (int i = 0; i < 5; i++) { // the upgrade, then requests on the connection, upgraded or not
            java.net.http.HttpResponse<String> r = h2.send(
                    java.net.http.HttpRequest.newBuilder(java.net.URI.create(server.base(war) + "/sitemap.xml"))
                            .build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString());
            assertEquals(200, r.statusCode(), server.name() + " " + war.context() + " over " + r.version());
        }
    }

    @Order(100)
    @Test
    void noResponseInThisClassWasA5xx() {
        List<Http.Exchange> seen = http.seen();
        List<Http.Exchange> errors =
                seen.stream().filter(e -> e.status() >= 500).toList();
        assertFalse(seen.isEmpty(), "no request was made: the tests above did not run");
        assertTrue(
                errors.isEmpty(),
                () -> server.name() + ": " + errors.size() + " of " + seen.size() + " responses were 5xx"
                        + first(errors));
    }

    @Order(101)
    @Test
    void serverLogHasNoStackTraceThroughSitemapKit() {
        // The switchable section's failure is the operations tests' doing (OperationsContract): its render's
        // warning carries the source's exception, as every failed render's does.
        List<String> traces = ServerLog.sitemapKitStackTraces(server.log()).stream()
                .filter(t -> !t.contains("SwitchableSource$SwitchedOff: " + OperationsContract.FAILURE))
                .toList();
        assertTrue(
                traces.isEmpty(),
                () -> server.name() + ": " + traces.size() + " stack traces with an "
                        + "\"at org.sitemapkit\" frame in " + server.log() + first(traces));
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
