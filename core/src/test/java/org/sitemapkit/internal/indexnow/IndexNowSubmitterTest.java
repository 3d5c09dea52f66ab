package org.sitemapkit.internal.indexnow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sitemapkit.internal.LogText;
import org.sitemapkit.internal.Threads;
import org.sitemapkit.internal.indexnow.IndexNowSubmitter.Tuning;
import org.sitemapkit.internal.indexnow.RecordingServer.Reply;
import org.sitemapkit.internal.indexnow.RecordingServer.Request;
import org.sitemapkit.internal.status.IndexNowStatus;
import org.sitemapkit.model.Site;

class IndexNowSubmitterTest {
    static final String KEY = "0123456789abcdef-KEY";
    static final Site SITE = Site.of("https://www.example.org");
    static final String KEY_LOCATION = "https://www.example.org/0123456789abcdef-KEY.txt";
    static final Duration WAIT = Duration.ofSeconds(30);

    private final LogCapture log = new LogCapture();
    private RecordingServer server;
    private IndexNowSubmitter submitter;

    @AfterEach
    void stop() {
        if (submitter != null) {
            submitter.close();
        }
        if (server != null) {
            server.close();
        }
        log.close();
    }

    static Tuning tuning(long firstBackoffMillis, long maxBackoffMillis, int maxAttempts) {
        return new Tuning(
                Duration.ofMillis(firstBackoffMillis),
                Duration.ofMillis(maxBackoffMillis),
                maxAttempts,
                1_000_000,
                Duration.ofSeconds(10));
    }

    private IndexNowSubmitter start(Tuning tuning, Reply... script) throws Exception {
        server = new RecordingServer(script);
        submitter = new IndexNowSubmitter(server.endpoint(), KEY, tuning, IndexNowClient.newClient());
        return submitter;
    }

    private IndexNowSubmitter start(Reply... script) throws Exception {
        return start(tuning(20, 2_000, 6), script);
    }

    static List<String> urls(Site site, int n) {
        return IntStream.range(0, n).mapToObj(i -> site.url("/p/" + i)).toList();
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> json(Request r) {
        return (Map<String, Object>) IndexNowJsonTest.parse(r.body());
    }

    @SuppressWarnings("unchecked")
    static List<String> urlList(Request r) {
        return (List<String>) json(r).get("urlList");
    }

    static long millisBetween(Request a, Request b) {
        return (b.nanos() - a.nanos()) / 1_000_000;
    }

    @Test
    void sendsAtMostTenThousandUrlsARequestEachOnce() throws Exception {
        start(Reply.status(200), Reply.status(202), Reply.status(200));
        List<String> urls = urls(SITE, 25_000);
        List<String> withDuplicates = new ArrayList<>(urls);
        withDuplicates.addAll(urls.subList(0, 100));
        withDuplicates.addAll(urls.subList(24_950, 25_000));

        submitter.submit(SITE, withDuplicates);

        assertTrue(submitter.awaitIdle(WAIT));
        List<Request> requests = server.requests();
        assertEquals(3, requests.size());
        List<String> sent = new ArrayList<>();
        for (Request r : requests) {
            assertEquals("POST", r.method());
            assertEquals("/indexnow", r.path());
            assertEquals("application/json; charset=utf-8", r.contentType());
            Map<String, Object> body = json(r);
            assertEquals(List.of("host", "key", "keyLocation", "urlList"), List.copyOf(body.keySet()));
            assertEquals("www.example.org", body.get("host"));
            assertEquals(KEY, body.get("key"));
            assertEquals(KEY_LOCATION, body.get("keyLocation"));
            sent.addAll(urlList(r));
        }
        assertEquals(
                List.of(10_000, 10_000, 5_000),
                requests.stream().map(r -> urlList(r).size()).toList());
        assertEquals(urls, sent, "every URL once, in the order given");
        assertEquals(new IndexNowStatus(0, 25_000, 0, 0), submitter.status());
        assertEquals(
                List.of(
                        "sitemapkit: IndexNow accepted 10000 URLs of www.example.org (200)",
                        "sitemapkit: IndexNow accepted 10000 URLs of www.example.org (202)",
                        "sitemapkit: IndexNow accepted 5000 URLs of www.example.org (200)"),
                log.messages(Level.INFO));
        assertEquals(List.of(), log.messages(Level.WARNING));
    }

    @Test
    void retriesOn429And503WithBackoff() throws Exception {
        start(Reply.status(429), Reply.status(503), Reply.status(200));

        submitter.submit(SITE, urls(SITE, 3));

        assertTrue(submitter.awaitIdle(WAIT));
        List<Request> requests = server.requests();
        assertEquals(3, requests.size());
        assertEquals(requests.get(0).body(), requests.get(1).body());
        assertEquals(requests.get(0).body(), requests.get(2).body());
        assertTrue(millisBetween(requests.get(0), requests.get(1)) >= 20, "first back-off 20 ms");
        assertTrue(millisBetween(requests.get(1), requests.get(2)) >= 40, "second back-off 40 ms");
        assertEquals(
                List.of("sitemapkit: IndexNow accepted 3 URLs of www.example.org (200)"), log.messages(Level.INFO));
        assertEquals(List.of(), log.messages(Level.WARNING));
    }

    @Test
    void retriesBrokenConnectionsAndTimeouts() throws Exception {
        Tuning shortTimeout =
                new Tuning(Duration.ofMillis(20), Duration.ofSeconds(2), 6, 1_000, Duration.ofMillis(300));
        start(shortTimeout, Reply.abort(), Reply.status(200).delay(3_000), Reply.status(200));

        long t0 = System.nanoTime();
        submitter.submit(SITE, urls(SITE, 2));

        assertTrue(submitter.awaitIdle(WAIT));
        long took = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(3, server.requests().size());
        // Back-off 20 ms, a 300 ms timeout, back-off 40 ms; not the 3 s the slow answer would take.
        assertTrue(took >= 360 && took < 2_500, "took " + took + " ms");
        assertEquals(
                List.of("sitemapkit: IndexNow accepted 2 URLs of www.example.org (200)"), log.messages(Level.INFO));
    }

    @Test
    void givesUpAfterTheLastAttemptWithOneWarning() throws Exception {
        start(tuning(20, 2_000, 3), Reply.status(503), Reply.status(503), Reply.status(503));

        submitter.submit(SITE, urls(SITE, 4));

        assertTrue(submitter.awaitIdle(WAIT));
        Thread.sleep(200);
        assertEquals(3, server.requests().size());
        assertEquals(
                List.of("sitemapkit: IndexNow dropped 4 URLs of www.example.org after 3 attempts: " + server.endpoint()
                        + " answered 503"),
                log.messages(Level.WARNING));
        assertEquals(new IndexNowStatus(0, 0, 0, 4), submitter.status());
        assertEquals(List.of(), log.messages(Level.INFO));
    }

    @Test
    void anUnreachableEndpointIsGivenUpWithTheError() throws Exception {
        server = new RecordingServer();
        URI gone = server.endpoint();
        server.close();
        submitter = new IndexNowSubmitter(gone, KEY, tuning(20, 2_000, 2), IndexNowClient.newClient());

        submitter.submit(SITE, urls(SITE, 7));

        assertTrue(submitter.awaitIdle(WAIT));
        List<String> warnings = log.messages(Level.WARNING);
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(
                warnings.get(0)
                        .startsWith("sitemapkit: IndexNow dropped 7 URLs of www.example.org after 2 attempts: " + gone
                                + " failed: \"java.net.ConnectException"),
                warnings.get(0));
    }

    @Test
    void honoursRetryAfter() throws Exception {
        start(Reply.status(429).header("Retry-After", "1"), Reply.status(200));

        submitter.submit(SITE, urls(SITE, 1));

        assertTrue(submitter.awaitIdle(WAIT));
        List<Request> requests = server.requests();
        assertEquals(2, requests.size());
        long gap = millisBetween(requests.get(0), requests.get(1));
        assertTrue(gap >= 1_000 && gap < 3_000, "Retry-After: 1 instead of 20 ms: " + gap + " ms");
    }

    @Test
    void boundsRetryAfterByTheCap() throws Exception {
        start(tuning(20, 300, 6), Reply.status(503).header("Retry-After", "3600"), Reply.status(200));

        submitter.submit(SITE, urls(SITE, 1));

        assertTrue(submitter.awaitIdle(WAIT));
        List<Request> requests = server.requests();
        assertEquals(2, requests.size());
        long gap = millisBetween(requests.get(0), requests.get(1));
        assertTrue(gap >= 300 && gap < 3_000, "Retry-After: 3600 cut to the 300 ms cap: " + gap + " ms");
    }

    @ParameterizedTest
    @ValueSource(ints = {400, 403, 422, 404, 301, 204})
    void refusalsAreDroppedAfterOneAttemptWithTheReason(int status) throws Exception {
        String body = "bad \"key\"\nsecond line " + "x".repeat(300);
        start(Reply.status(status, status == 204 ? "" : body), Reply.status(200));

        submitter.submit(SITE, urls(SITE, 5));

        assertTrue(submitter.awaitIdle(WAIT));
        Thread.sleep(300);
        assertEquals(1, server.requests().size(), "not retried");
        List<String> warnings = log.messages(Level.WARNING);
        assertEquals(1, warnings.size(), warnings.toString());
        String w = warnings.get(0);
        assertTrue(
                w.startsWith("sitemapkit: IndexNow refused 5 URLs of www.example.org: " + server.endpoint()
                        + " answered " + status),
                w);
        assertTrue(w.endsWith("; dropped without retry"), w);
        assertTrue(w.contains(", body " + LogText.quote(status == 204 ? "" : body) + ";"), w);
        if (status != 204) {
            assertTrue(w.contains("\"bad \\u0022key\\u0022\\u000asecond line xxx"), w);
            assertTrue(w.contains("x...\""), "cut at 200 characters: " + w);
        }
        if (status == 403) {
            assertTrue(w.contains(KEY_LOCATION + " not found"), w);
        }
        assertEquals(new IndexNowStatus(0, 0, 5, 0), submitter.status());
        assertEquals(List.of(), log.messages(Level.INFO));
    }

    @Test
    void refusalsAreCountedNotFlooded() throws Exception {
        start(Reply.status(403), Reply.status(403), Reply.status(403));

        submitter.submit(SITE, urls(SITE, 25_000));

        assertTrue(submitter.awaitIdle(WAIT));
        assertEquals(3, server.requests().size());
        assertEquals(
                1,
                log.messages(Level.WARNING).size(),
                log.messages(Level.WARNING).toString());
        submitter.close();
        List<String> warnings = log.messages(Level.WARNING);
        assertEquals(2, warnings.size(), warnings.toString());
        assertTrue(warnings.get(1).contains("2 requests with 15000 URLs refused earlier"), warnings.get(1));
    }

    @Test
    void theCallerNeverWaitsForAHangingEndpoint() throws Exception {
        start(Reply.hang());
        long slowest = 0;
        for (int i = 0; i < 50; i++) {
            List<String> urls = urls(SITE, 1_000);
            long t0 = System.nanoTime();
            submitter.submit(SITE, urls);
            slowest = Math.max(slowest, System.nanoTime() - t0);
            if (i == 0) {
                server.awaitRequests(1, WAIT); // the worker is now stuck in the first request
            }
        }
        assertTrue(slowest < 100_000_000, "slowest submit took " + slowest / 1_000 + " µs");
        assertFalse(submitter.awaitIdle(Duration.ofMillis(100)));

        long t0 = System.nanoTime();
        submitter.close();
        long closing = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(closing < 2_000, "close took " + closing + " ms");

        assertFalse(submitter.workerAlive(), "the worker ended");
        assertEquals(1, server.requests().size());
        assertEquals(
                List.of("sitemapkit: IndexNow submitter for " + server.endpoint()
                        + " closed; dropped 50000 URLs still queued"),
                log.messages(Level.WARNING));
        assertTrue(submitter.awaitIdle(Duration.ofMillis(10)), "closing dropped everything");
    }

    @Test
    void aFullQueueDropsNewUrlsWithAWarning() throws Exception {
        start(new Tuning(Duration.ofMillis(20), Duration.ofSeconds(1), 6, 10, Duration.ofSeconds(30)), Reply.hang());

        submitter.submit(SITE, urls(SITE, 8));
        server.awaitRequests(1, WAIT);
        submitter.submit(SITE, urls(SITE, 7));
        submitter.submit(SITE, urls(SITE, 3));

        assertEquals(
                List.of("sitemapkit: IndexNow dropped 5 URLs of www.example.org: more than 10 URLs are waiting for "
                        + server.endpoint()),
                log.messages(Level.WARNING),
                "one warning a minute");
        submitter.close();
        assertEquals(
                "sitemapkit: IndexNow submitter for " + server.endpoint()
                        + " closed; dropped 10 URLs still queued; 3 URLs dropped earlier with the queue full",
                log.messages(Level.WARNING).get(1));
    }

    @Test
    void submittingAfterCloseDropsWithAWarning() throws Exception {
        start();
        submitter.close();
        submitter.close();
        assertEquals(List.of(), log.messages(Level.WARNING), "nothing was queued");

        submitter.submit(SITE, urls(SITE, 2));

        assertEquals(
                List.of("sitemapkit: IndexNow dropped 2 URLs of www.example.org: the submitter is closed"),
                log.messages(Level.WARNING));
        assertEquals(List.of(), server.requests());
    }

    @Test
    void escapesQuotesBackslashesAndControlCharacters() throws Exception {
        start();
        String url = "https://www.example.org/a\"b\\c\u0001d\u007f\u00e9\u2028\ud83d\ude00";

        submitter.submit(SITE, List.of(url));

        assertTrue(submitter.awaitIdle(WAIT));
        Request r = server.requests().get(0);
        assertEquals(
                "{\"host\":\"www.example.org\",\"key\":\"0123456789abcdef-KEY\","
                        + "\"keyLocation\":\"https://www.example.org/0123456789abcdef-KEY.txt\","
                        + "\"urlList\":[\"https://www.example.org/a\\\"b\\\\c\\u0001d\\u007f\\u00e9\\u2028"
                        + "\\ud83d\\ude00\"]}",
                r.body());
        assertEquals(r.body(), new String(r.body().getBytes(StandardCharsets.US_ASCII), StandardCharsets.US_ASCII));
        assertEquals(List.of(url), urlList(r));
    }

    @Test
    void keyLocationIncludesTheContextPath() throws Exception {
        start();
        Site shop = Site.of("https://Example.org/shop");
        List<String> urls = Arrays.asList(
                "https://example.org/shop/a",
                "https://example.org/other",
                "https://example.org/shop/b?x=1",
                "https://example.org/shopping",
                null,
                "HTTPS://EXAMPLE.ORG/shop/c");

        submitter.submit(shop, urls);

        assertTrue(submitter.awaitIdle(WAIT));
        List<Request> requests = server.requests();
        assertEquals(1, requests.size());
        Map<String, Object> body = json(requests.get(0));
        assertEquals("example.org", body.get("host"));
        assertEquals("https://example.org/shop/0123456789abcdef-KEY.txt", body.get("keyLocation"));
        assertEquals(
                List.of("https://example.org/shop/a", "https://example.org/shop/b?x=1", "HTTPS://EXAMPLE.ORG/shop/c"),
                body.get("urlList"));
        assertEquals(
                List.of("sitemapkit: IndexNow left out 3 URLs not under https://example.org/shop/, such as"
                        + " \"https://example.org/other\""),
                log.messages(Level.WARNING));
    }

    @Test
    void sitesAreNeverMixedInOneRequest() throws Exception {
        start();
        Site other = Site.of("http://other.example.net:8080");

        submitter.submit(SITE, urls(SITE, 2));
        submitter.submit(other, urls(other, 3));

        assertTrue(submitter.awaitIdle(WAIT));
        List<Request> requests = server.requests();
        assertEquals(2, requests.size());
        assertEquals("www.example.org", json(requests.get(0)).get("host"));
        assertEquals(urls(SITE, 2), urlList(requests.get(0)));
        assertEquals("other.example.net", json(requests.get(1)).get("host"));
        assertEquals(
                "http://other.example.net:8080/0123456789abcdef-KEY.txt",
                json(requests.get(1)).get("keyLocation"));
        assertEquals(urls(other, 3), urlList(requests.get(1)));
        Set<String> lines = new HashSet<>(log.messages(Level.INFO));
        assertEquals(
                Set.of(
                        "sitemapkit: IndexNow accepted 2 URLs of www.example.org (200)",
                        "sitemapkit: IndexNow accepted 3 URLs of other.example.net (200)"),
                lines);
    }

    @Test
    void refusesABadEndpointOrKey() {
        List<Runnable> started = new ArrayList<>();
        Threads threads = Threads.of(started::add); // records the worker instead of running it
        for (String endpoint : List.of(
                "ftp://api.example.org/indexnow",
                "/indexnow",
                "https://user@api.example.org/indexnow",
                "https://api.example.org/indexnow#top",
                "mailto:ops@example.org")) {
            assertThrows(
                    IllegalArgumentException.class,
                    () -> new IndexNowSubmitter(URI.create(endpoint), KEY, threads).close(),
                    endpoint);
        }
        for (String key : List.of("short", "has space in it", "x".repeat(129), "k\u00e9y-0123456")) {
            assertThrows(
                    IllegalArgumentException.class,
                    () -> new IndexNowSubmitter(URI.create("https://api.indexnow.org/indexnow"), key, threads).close(),
                    key);
        }
        assertThrows(NullPointerException.class, () -> new IndexNowSubmitter(null, KEY, threads).close());
        assertEquals(List.of(), started, "no worker is started for a refused configuration");
        threads.close();
    }
}
