package org.sitemapkit.internal.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.render.UrlSources;
import org.sitemapkit.internal.store.DiskPageStore;
import org.sitemapkit.internal.store.MemoryPageStore;
import org.sitemapkit.internal.store.SectionStore;
import org.sitemapkit.model.Lastmod;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;

/**
 * Stable pages and changed URLs on a section of a million rows: one changed row costs one page
 * and one submitted URL. The counts are printed, since they are what the README states.
 */
class StablePagesTest {
    static final Site SITE = Site.of("https://shop.example.com/");
    static final int ROWS = 1_000_000;
    static final Instant T0 = Instant.parse("2024-01-01T00:00:00Z");
    /** A million URLs render in seconds, more on a loaded machine: the test waits for them, not for speed. */
    static final Duration WAIT = Duration.ofMinutes(5);

    final AtomicLong now = new AtomicLong(1_000_000);
    final List<SitemapService> services = new ArrayList<>();
    final List<List<String>> submitted = new CopyOnWriteArrayList<>();

    /** The products table: key to last update, read by key range in key order as a database would. */
    static final class Table {
        final ConcurrentSkipListMap<Long, Instant> rows = new ConcurrentSkipListMap<>();
        final AtomicLong read = new AtomicLong();

        Table(int n) {
            for (long id = 1; id <= n; id++) {
                rows.put(id * 10, T0.plusSeconds(id * 37)); // gaps of 10, so rows can be inserted between
            }
        }

        Stream<Map.Entry<Long, Instant>> range(long from, long to) {
            return rows.subMap(from, true, to, true).entrySet().stream().peek(r -> read.incrementAndGet());
        }
    }

    static SitemapUrl url(Map.Entry<Long, Instant> row, Site site) {
        long id = row.getKey();
        return SitemapUrl.builder(site.url("products/" + id + "/" + Long.toString(id * 7919, 36)))
                .lastmod(Lastmod.of(row.getValue()))
                .build();
    }

    /** Pages of the protocol's 50,000 URLs, which the counts below are worked out for. */
    static UrlSource stable(Table t) {
        return stableOfDefaultSize(t).maxUrls(50_000);
    }

    static UrlSource stableOfDefaultSize(Table t) {
        return UrlSource.stable(
                "products", (site, from, to) -> t.range(from, to), Map.Entry::getKey, StablePagesTest::url);
    }

    static UrlSource plain(Table t) {
        return UrlSource.rows("products", site -> t.range(Long.MIN_VALUE, Long.MAX_VALUE), StablePagesTest::url);
    }

    SitemapService service(SectionStore store, UrlSource source) {
        UrlSources s = new UrlSources().register(source);
        Settings settings = Settings.builder().renderWait(WAIT).build();
        SitemapService service = new SitemapService(settings, s, store, now::get, (site, urls) -> submitted.add(urls));
        services.add(service);
        return service;
    }

    @AfterEach
    void close() {
        services.forEach(SitemapService::close);
    }

    List<String> etags(SitemapService service) throws Exception {
        List<String> tags = new ArrayList<>();
        service.section(SITE, "products").pages().forEach(p -> tags.add(p.etag()));
        return tags;
    }

    static List<Boolean> same(List<String> before, List<String> after) {
        List<Boolean> out = new ArrayList<>();
        for (int i = 0; i < before.size(); i++) {
            out.add(i < after.size() && before.get(i).equals(after.get(i)));
        }
        return out;
    }

    static int changed(List<String> before, List<String> after) {
        int n = Math.abs(before.size() - after.size());
        for (int i = 0; i < Math.min(before.size(), after.size()); i++) {
            n += before.get(i).equals(after.get(i)) ? 0 : 1;
        }
        return n;
    }

    static List<String> indexLastmods(SitemapService service) throws Exception {
        String xml = inflate(service.root(SITE).orElseThrow().gzip());
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("<lastmod>([^<]+)</lastmod>").matcher(xml);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    static String inflate(byte[] gzip) throws IOException {
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(gzip))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    List<String> urls() {
        List<String> all = new ArrayList<>();
        submitted.forEach(all::addAll);
        return all;
    }

    /** One change, then a whole render; returns {pages with new bytes, index lastmods changed}. */
    int[] measure(SitemapService service, Runnable change) throws Exception {
        List<String> before = etags(service);
        List<String> lastmods = indexLastmods(service);
        change.run();
        service.invalidate("products").get(60, TimeUnit.SECONDS);
        return new int[] {changed(before, etags(service)), changed(lastmods, indexLastmods(service))};
    }

    @Test
    void aMillionRowsOneChangeCostsOnePageAndOneSubmittedUrl() throws Exception {
        Table t = new Table(ROWS);
        SitemapService service = service(new MemoryPageStore(), stable(t));
        List<String> first = etags(service);
        assertEquals(25, first.size(), "a million URLs cut at 80% of 50,000");
        assertTrue(submitted.isEmpty(), "a first render submits nothing");

        long middle = ROWS / 2 * 10;
        int[] insert = measure(service, () -> t.rows.put(middle + 5, T0.plusSeconds(5)));
        assertEquals(
                List.of("https://shop.example.com/products/" + (middle + 5) + "/"
                        + Long.toString((middle + 5) * 7919, 36)),
                urls());
        submitted.clear();
        int[] update = measure(service, () -> t.rows.put(middle + 10, T0.plusSeconds(ROWS * 40L)));
        assertEquals(1, urls().size());
        assertTrue(urls().get(0).contains("/products/" + (middle + 10) + "/"), urls().toString());
        submitted.clear();
        int[] delete = measure(service, () -> t.rows.remove(middle + 20));
        assertEquals(1, urls().size());
        assertTrue(urls().get(0).contains("/products/" + (middle + 20) + "/"), urls().toString());
        submitted.clear();
        int[] none = measure(service, () -> {});
        assertTrue(submitted.isEmpty(), "nothing changed, nothing submitted");

        System.out.printf(
                "stable pages, 1,000,000 URLs in %d pages: pages with new bytes / index lastmods changed:"
                        + " insert %d/%d, update %d/%d, delete %d/%d, nothing %d/%d%n",
                first.size(), insert[0], insert[1], update[0], update[1], delete[0], delete[1], none[0], none[1]);
        assertEquals(1, insert[0]);
        assertEquals(1, update[0]);
        assertEquals(1, update[1], "the updated row is the newest of its page");
        assertEquals(1, delete[0]);
        assertEquals(0, none[0]);
    }

    @Test
    void withoutStablePagesAnInsertMovesEveryLaterPageButSubmitsOneUrl() throws Exception {
        Table t = new Table(ROWS);
        SitemapService service = service(new MemoryPageStore(), plain(t));
        List<String> first = etags(service);
        int[] insert = measure(service, () -> t.rows.put(ROWS / 2 * 10L + 5, T0.plusSeconds(5)));
        System.out.printf(
                "pages cut by count, 1,000,000 URLs in %d pages: an insert in the middle gives %d pages new bytes,"
                        + " %d index lastmods changed%n",
                first.size(), insert[0], insert[1]);
        assertEquals(first.size() / 2 + 1, insert[0], "every page from the middle on, and one more at the end");
        assertEquals(1, urls().size(), "URLs that only moved to another page are not submitted: " + urls());
    }

    @Test
    void invalidatingOneKeyReadsOnlyThatPagesRows() throws Exception {
        Table t = new Table(ROWS);
        SitemapService service = service(new MemoryPageStore(), stable(t));
        List<String> before = etags(service);
        List<String> lastmods = indexLastmods(service);
        long key = 123_457 * 10L;
        t.rows.put(key, T0.plusSeconds(ROWS * 50L));
        t.read.set(0);
        service.invalidate("products", key).get(60, TimeUnit.SECONDS);
        List<String> after = etags(service);
        System.out.printf(
                "invalidate(section, key) on 1,000,000 URLs: %d rows read, %d page(s) with new bytes%n",
                t.read.get(), changed(before, after));
        assertEquals(1, changed(before, after));
        assertTrue(t.read.get() <= 40_000, "at most one page's rows: " + t.read.get());
        assertEquals(1, urls().size());
        // the page re-rendered alone is byte for byte the page a whole render makes
        service.invalidate("products").get(60, TimeUnit.SECONDS);
        assertEquals(after, etags(service));
    }

    @Test
    void aSectionsOwnPageSizeDecidesWhereItsOnePageRenderStops() throws Exception {
        Table t = new Table(10_000);
        SitemapService service = service(
                new MemoryPageStore(),
                UrlSource.stable(
                                "products",
                                (site, from, to) -> t.range(from, to),
                                Map.Entry::getKey,
                                StablePagesTest::url)
                        .maxUrls(1_000));
        List<String> before = etags(service);
        assertEquals(13, before.size(), "pages of 800, 80% of the section's 1,000");
        // the last page (keys 96,010..100,000, 400 rows) grows by 500: past 80% of 1,000, so a whole render
        // cuts it, and the one-page render must give way to that
        for (long k = 100_001; k <= 100_500; k++) {
            t.rows.put(k, T0);
        }
        t.read.set(0);
        service.invalidate("products", 100_500).get(60, TimeUnit.SECONDS);
        assertEquals(14, etags(service).size());
        List<String> partial = etags(service);
        service.invalidate("products").get(60, TimeUnit.SECONDS);
        assertEquals(etags(service), partial, "the one-page render gave way to the whole render it must equal");
        // a row changed in the middle: one page of the section's size, read alone
        t.rows.put(50_000L, T0.plusSeconds(ROWS * 70L));
        t.read.set(0);
        service.invalidate("products", 50_000).get(60, TimeUnit.SECONDS);
        assertTrue(t.read.get() <= 800, t.read.get() + " rows read");
        List<String> one = etags(service);
        service.invalidate("products").get(60, TimeUnit.SECONDS);
        assertEquals(etags(service), one);
    }

    @Test
    void byDefaultStablePagesHold12500UrlsCutAt10000SoAChangeReRendersAQuarterAsManyRows() throws Exception {
        Table t = new Table(ROWS);
        SitemapService service = service(new MemoryPageStore(), stableOfDefaultSize(t));
        List<String> first = etags(service);
        assertEquals(100, first.size(), "a million URLs cut at 80% of 12,500");
        assertEquals(10_000, service.section(SITE, "products").pages().get(0).urlCount());
        t.rows.put(5_000_000L, T0.plusSeconds(ROWS * 70L));
        t.read.set(0);
        service.invalidate("products", 5_000_000).get(60, TimeUnit.SECONDS);
        assertEquals(10_000, t.read.get(), "one page's rows read");
        assertEquals(1, changed(first, etags(service)));
        // 3,000 rows into page 21 (keys 2,000,010..2,100,000): past 12,500, so a whole render splits
        // it there, and the remainder, small, merges into page 22
        for (long k = 2_000_011; k < 2_000_011 + 3_000 * 2L; k += 2) {
            t.rows.put(k, T0);
        }
        service.invalidate("products").get(60, TimeUnit.SECONDS);
        assertEquals(100, etags(service).size());
        assertEquals(12_500, service.section(SITE, "products").pages().get(20).urlCount());
        assertEquals(10_500, service.section(SITE, "products").pages().get(21).urlCount());
        assertTrue(
                service.section(SITE, "products").pages().stream().allMatch(p -> p.urlCount() <= 12_500),
                "no page passes 12,500 URLs");
        SitemapService larger = service(new MemoryPageStore(), stable(new Table(ROWS)));
        assertEquals(25, etags(larger).size(), "a source's own .maxUrls(50_000) is kept");
    }

    @Test
    void aPageSplitsOnlyWhenFullAndMergesWhenSmall() throws Exception {
        Table t = new Table(200_000);
        SitemapService service = service(new MemoryPageStore(), stable(t));
        List<String> first = etags(service);
        assertEquals(5, first.size());
        // 12,000 rows into page 2 (keys 400,010..800,000): past 50,000 URLs, so it splits; the
        // remainder of 2,000 is small, so it merges into page 3
        for (long k = 400_011; k < 400_011 + 12_000 * 10L; k += 10) {
            t.rows.put(k, T0);
        }
        service.invalidate("products").get(60, TimeUnit.SECONDS);
        List<String> split = etags(service);
        assertEquals(5, split.size());
        assertEquals(50_000, service.section(SITE, "products").pages().get(1).urlCount());
        assertEquals(42_000, service.section(SITE, "products").pages().get(2).urlCount());
        assertEquals(List.of(true, false, false, true, true), same(first, split));

        // a fresh section, its page 3 (keys 800,010..1,200,000) emptied but for 1,000 rows: it
        // merges into page 4, and the pages around stay as they were
        Table u = new Table(200_000);
        SitemapService other = service(new MemoryPageStore(), stable(u));
        List<String> five = etags(other);
        u.rows.subMap(800_010L, true, 1_190_000L, true).clear();
        other.invalidate("products").get(60, TimeUnit.SECONDS);
        List<String> merged = etags(other);
        assertEquals(4, merged.size(), "the small page merged into the next");
        assertEquals(41_000, other.section(SITE, "products").pages().get(2).urlCount());
        assertEquals(five.subList(0, 2), merged.subList(0, 2));
        assertEquals(five.get(4), merged.get(3));
    }

    @Test
    void aMillionUrlsOneChangeReachesTheIndexNowEndpointAsOneUrl() throws Exception {
        List<String> bodies = new CopyOnWriteArrayList<>();
        com.sun.net.httpserver.HttpServer server =
                com.sun.net.httpserver.HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/indexnow", exchange -> {
            bodies.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            exchange.sendResponseHeaders(202, -1);
            exchange.close();
        });
        server.start();
        try {
            Table t = new Table(ROWS);
            Settings settings = Settings.builder()
                    .renderWait(WAIT)
                    .indexnowKey("0123456789abcdef")
                    .indexnowEndpoint("http://127.0.0.1:" + server.getAddress().getPort() + "/indexnow")
                    .build();
            SitemapService service =
                    new SitemapService(settings, new UrlSources().register(plain(t)), new MemoryPageStore());
            services.add(service);
            service.section(SITE, "products");
            long key = 777_777 * 10L;
            t.rows.put(key, T0.plusSeconds(ROWS * 60L));
            service.invalidate("products").get(60, TimeUnit.SECONDS);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (bodies.isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            Thread.sleep(300); // nothing else may follow
            assertEquals(1, bodies.size(), bodies.toString());
            String loc = "https://shop.example.com/products/" + key + "/" + Long.toString(key * 7919, 36);
            assertEquals(
                    "{\"host\":\"shop.example.com\",\"key\":\"0123456789abcdef\",\"keyLocation\":"
                            + "\"https://shop.example.com/0123456789abcdef.txt\",\"urlList\":[\"" + loc + "\"]}",
                    bodies.get(0));
        } finally {
            server.stop(0);
        }
    }

    @Test
    void keysOutOfOrderFailTheSectionWithTheReason() {
        SitemapService service = service(
                new MemoryPageStore(),
                UrlSource.stable(
                        "products",
                        (site, from, to) -> Stream.of(3L, 2L),
                        k -> k,
                        (k, site) -> SitemapUrl.of(site.url("p/" + k))));
        UnavailableException e =
                Assertions.assertThrows(UnavailableException.class, () -> service.section(SITE, "products"));
        assertTrue(String.valueOf(e.getMessage()).contains("ascending key order"), e.getMessage());
    }

    @Test
    void fingerprintsOnDiskSurviveARestartAndCostTwelveBytesPerUrl(@TempDir Path dir) throws Exception {
        Table t = new Table(100_000);
        SitemapService one = service(new DiskPageStore(dir), stable(t));
        etags(one);
        one.close();
        long bytes = one.changes.bytes();
        System.out.printf(
                "fingerprints of 100,000 URLs: %d bytes on disk, %.1f bytes per URL%n", bytes, bytes / 100_000.0);
        assertEquals(100_000 * 12L, bytes);
        t.rows.put(505L, T0);
        SitemapService two = service(new DiskPageStore(dir), stable(t));
        List<String> served = etags(two);
        two.invalidate("products").get(60, TimeUnit.SECONDS);
        assertEquals(1, changed(served, etags(two)));
        assertEquals(List.of("https://shop.example.com/products/505/" + Long.toString(505 * 7919, 36)), urls());
    }

    @Test
    void withoutADiskStoreFingerprintsLiveInATemporaryFolderGoneAtClose() throws Exception {
        SitemapService service = service(new MemoryPageStore(), stable(new Table(1_000)));
        etags(service);
        Path dir = service.changes.directory();
        assertTrue(Files.isDirectory(dir), dir.toString());
        assertEquals(1_000 * 12L, service.changes.bytes());
        service.close();
        assertTrue(!Files.exists(dir), "deleted at close: " + dir);
    }

    @Test
    void afterARestartWithoutFingerprintsNothingIsSubmitted(@TempDir Path dir) throws Exception {
        Table t = new Table(10_000);
        SitemapService one = service(new DiskPageStore(dir), stable(t));
        etags(one);
        one.close();
        deleteFingerprints(dir.resolve("fingerprints"));
        t.rows.put(505L, T0);
        SitemapService two = service(new DiskPageStore(dir), stable(t));
        List<String> served = etags(two);
        two.invalidate("products").get(60, TimeUnit.SECONDS);
        assertEquals(1, changed(served, etags(two)), "the change was rendered");
        assertTrue(submitted.isEmpty(), "the whole site is never submitted: " + urls().size());
    }

    static void deleteFingerprints(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(f);
            }
        }
    }
}
