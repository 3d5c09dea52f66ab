package org.sitemapkit.internal.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.hazelcast.cache.impl.HazelcastServerCachingProvider;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Random;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import java.util.zip.GZIPInputStream;
import javax.cache.CacheManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.render.UrlSources;
import org.sitemapkit.internal.store.CachedPage;
import org.sitemapkit.internal.store.DiskPageStore;
import org.sitemapkit.internal.store.HazelcastJCacheStoreTest;
import org.sitemapkit.internal.store.JCachePageStore;
import org.sitemapkit.internal.store.MemoryPageStore;
import org.sitemapkit.internal.store.SectionStore;
import org.sitemapkit.internal.store.StoreInternals;
import org.sitemapkit.model.Lastmod;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;
import org.sitemapkit.testsupport.FreePorts;

/**
 * Every acknowledged change reaches the sitemap: threads change rows and invalidate keys or whole
 * sections while readers read every page and the index and renders fail at random; once quiet, the
 * served section lists exactly the table's rows and equals a whole render byte for byte, on the
 * memory store, the disk store and two nodes sharing a Hazelcast cluster.
 */
class InvalidationPropertyTest {
    static final Site SITE = Site.of("https://shop.example.com/");
    static final Instant T0 = Instant.parse("2024-01-01T00:00:00Z");
    static final Pattern URL = Pattern.compile("<loc>([^<]+)</loc><lastmod>([^<]+)</lastmod>");

    final List<SitemapService> services = new ArrayList<>();
    final List<HazelcastInstance> members = new ArrayList<>();

    @TempDir
    Path dir;

    /** The products table: key to a lastmod in seconds after T0, read by key range in key order. */
    static final class Table {
        final ConcurrentSkipListMap<Long, Long> rows = new ConcurrentSkipListMap<>();
        /** The chance that a read fails part way, while the test wants renders to fail. */
        volatile double failure;

        final AtomicLong clock = new AtomicLong(1_000_000);

        Table(int n) {
            for (long id = 1; id <= n; id++) {
                rows.put(id * 10, id * 37); // gaps of 10, so rows can be inserted between
            }
        }

        /** A consistent read, as a database's statement sees it, that may fail after some rows. */
        Stream<Map.Entry<Long, Long>> range(long from, long to) {
            List<Map.Entry<Long, Long>> read = new ArrayList<>();
            rows.subMap(from, true, to, true).forEach((k, v) -> read.add(Map.entry(k, v)));
            ThreadLocalRandom random = ThreadLocalRandom.current();
            int failAt = random.nextDouble() < failure ? random.nextInt(read.size() + 1) : -1;
            Iterator<Map.Entry<Long, Long>> rows = new Iterator<>() {
                int i;

                @Override
                public boolean hasNext() {
                    if (i == failAt) {
                        throw new IllegalStateException("injected failure after " + i + " rows");
                    }
                    return i < read.size();
                }

                @Override
                public Map.Entry<Long, Long> next() {
                    if (!hasNext()) {
                        throw new NoSuchElementException();
                    }
                    return read.get(i++);
                }
            };
            return StreamSupport.stream(Spliterators.spliteratorUnknownSize(rows, Spliterator.ORDERED), false);
        }

        /** One change to the table, of the kinds an application makes; returns the key it changed. */
        long change(Random random) {
            long key;
            switch (random.nextInt(3)) {
                case 0 -> { // touch
                    key = pick(random);
                    rows.put(key, clock.incrementAndGet());
                }
                case 1 -> { // delete
                    key = pick(random);
                    rows.remove(key);
                }
                default -> { // insert between two rows
                    key = pick(random) + 1 + random.nextInt(9);
                    rows.put(key, clock.incrementAndGet());
                }
            }
            return key;
        }

        private long pick(Random random) {
            Long key = rows.ceilingKey(1 + (long) random.nextInt((int) (rows.lastKey() + 1)));
            return key == null ? rows.firstKey() : key;
        }

        /** What the served section must list: every row, in key order, loc and lastmod. */
        List<String> expected() {
            List<String> out = new ArrayList<>();
            rows.forEach((k, v) -> out.add(loc(k) + " " + Lastmod.of(T0.plusSeconds(v))));
            return out;
        }
    }

    static String loc(long id) {
        return SITE.url("products/" + id).toString();
    }

    static SitemapUrl url(Map.Entry<Long, Long> row, Site site) {
        return SitemapUrl.builder(site.url("products/" + row.getKey()))
                .lastmod(Lastmod.of(T0.plusSeconds(row.getValue())))
                .build();
    }

    enum Store {
        MEMORY,
        DISK,
        HAZELCAST
    }

    /** The nodes serving one table: one, or two sharing a Hazelcast cluster. */
    List<SitemapService> nodes(Store kind, UrlSource source) {
        UrlSources sources = new UrlSources().register(source);
        Settings settings = Settings.builder()
                .maxUrls(100)
                .renderWait(Duration.ofSeconds(30))
                .renderLease(Duration.ofSeconds(5))
                .build();
        List<SectionStore> stores = new ArrayList<>();
        switch (kind) {
            case MEMORY -> stores.add(new MemoryPageStore());
            case DISK -> stores.add(new DiskPageStore(dir));
            case HAZELCAST -> {
                String cluster = "invalidation-" + UUID.randomUUID();
                int[] ports = FreePorts.take(2);
                for (int i = 0; i < 2; i++) {
                    HazelcastInstance member = Hazelcast.newHazelcastInstance(HazelcastJCacheStoreTest.loopbackMember(
                            cluster, ports[i], "127.0.0.1:" + ports[0], "127.0.0.1:" + ports[1]));
                    members.add(member);
                    // One provider per member, each with the default URI, so both name the same caches:
                    // through Caching's registry, one JVM's two nodes would share one manager instead.
                    CacheManager manager = new HazelcastServerCachingProvider(member).getCacheManager();
                    stores.add(new JCachePageStore(manager, "pages"));
                }
                long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (members.get(0).getCluster().getMembers().size() < 2 && System.nanoTime() < until) {
                    sleep(100);
                }
                assertEquals(2, members.get(0).getCluster().getMembers().size(), "the members formed one cluster");
            }
        }
        List<SitemapService> nodes = new ArrayList<>();
        for (SectionStore store : stores) {
            SitemapService service = new SitemapService(settings, sources, store);
            services.add(service);
            nodes.add(service);
        }
        return nodes;
    }

    @AfterEach
    void close() {
        services.forEach(SitemapService::close);
        members.forEach(HazelcastInstance::shutdown);
    }

    /**
     * The sample's case: three products on pages 1, 2 and 3 touched one after another, each
     * acknowledged before the next; all three reach the sitemap. Before the fix the third was
     * dropped: its refresh found the second's render in flight and returned it.
     */
    @Test
    void threeTouchesOneAfterAnotherAllReachTheSitemap() throws Exception {
        Table table = new Table(300);
        SitemapService service = nodes(Store.MEMORY, stable(table, 20)).get(0);
        service.section(SITE, "products");
        List<CompletableFuture<Void>> acknowledged = new ArrayList<>();
        for (long key : new long[] {10, 1_000, 2_000}) {
            table.rows.put(key, table.clock.incrementAndGet());
            acknowledged.add(service.invalidate("products", key));
        }
        CompletableFuture.allOf(acknowledged.toArray(new CompletableFuture<?>[0]))
                .get(60, TimeUnit.SECONDS);
        awaitSettled(List.of(service));
        assertEquals(
                4,
                service.section(SITE, "products").pages().size(),
                "80 rows a page: the keys sit on pages 1, 2 and 3");
        assertServed(table, service);
    }

    @ParameterizedTest
    @EnumSource(Store.class)
    void stablePagesEqualAWholeRenderAfterChangesUnderFailures(Store kind) throws Exception {
        Table table = new Table(3_000);
        List<SitemapService> nodes = nodes(kind, stable(table, 2));
        nodes.forEach(n -> assertSections(n));
        chaos(table, nodes, true);
        awaitSettled(nodes);
        for (SitemapService node : nodes) {
            assertServed(table, node);
        }
        List<String> etags = etags(nodes.get(0));
        String root = root(nodes.get(0));
        nodes.get(0).invalidate("products").get(60, TimeUnit.SECONDS);
        awaitSettled(nodes);
        for (SitemapService node : nodes) {
            assertEquals(etags, etags(node), "the pages equal a whole render byte for byte");
            assertEquals(root, root(node), "the index equals a whole render's");
        }
    }

    @ParameterizedTest
    @EnumSource(Store.class)
    void wholeSectionsEqualAFreshRenderAfterChangesUnderFailures(Store kind) throws Exception {
        Table table = new Table(3_000);
        UrlSource plain =
                UrlSource.rows("products", site -> table.range(Long.MIN_VALUE, Long.MAX_VALUE), (r, s) -> url(r, s));
        List<SitemapService> nodes = nodes(kind, plain);
        nodes.forEach(n -> assertSections(n));
        chaos(table, nodes, false);
        awaitSettled(nodes);
        table.failure = 0;
        SitemapService fresh = new SitemapService(
                Settings.builder().maxUrls(100).build(), new UrlSources().register(plain), new MemoryPageStore());
        services.add(fresh);
        for (SitemapService node : nodes) {
            assertServed(table, node);
            assertEquals(etags(fresh), etags(node), "the pages equal a fresh whole render byte for byte");
            assertEquals(root(fresh), root(node), "the index equals a fresh render's");
        }
    }

    static UrlSource stable(Table table, int sleepMillis) {
        return UrlSource.stable(
                "products",
                (site, from, to) -> {
                    sleep(sleepMillis); // a database's round trip, so that changes arrive during renders
                    return table.range(from, to);
                },
                Map.Entry::getKey,
                InvalidationPropertyTest::url);
    }

    /**
     * Four writers change rows and invalidate them (by key on stable pages, else the section) on
     * random nodes, two readers read every document, and a fifth of the renders fail; then the
     * failures stop.
     */
    static void chaos(Table table, List<SitemapService> nodes, boolean byKey) throws Exception {
        table.failure = 0.2;
        AtomicBoolean running = new AtomicBoolean(true);
        ExecutorService threads = Executors.newFixedThreadPool(6);
        List<Future<?>> done = new ArrayList<>();
        List<CompletableFuture<Void>> acknowledged = new CopyOnWriteArrayList<>();
        for (int w = 0; w < 4; w++) {
            long seed = ThreadLocalRandom.current().nextLong();
            done.add(threads.submit(() -> {
                Random random = new Random(seed);
                for (int i = 0; i < 150 && running.get(); i++) {
                    SitemapService node = nodes.get(random.nextInt(nodes.size()));
                    if (random.nextInt(10) == 0) {
                        acknowledged.add(node.invalidate("products"));
                    } else {
                        long key = table.change(random);
                        acknowledged.add(byKey ? node.invalidate("products", key) : node.invalidate("products"));
                    }
                    sleep(random.nextInt(8));
                }
                return null;
            }));
        }
        for (int r = 0; r < 2; r++) {
            done.add(threads.submit(() -> {
                Random random = new Random();
                while (running.get()) {
                    SitemapService node = nodes.get(random.nextInt(nodes.size()));
                    try {
                        node.root(SITE);
                        node.page(SITE, "products", 1 + random.nextInt(40));
                    } catch (UnavailableException e) {
                        // an honest 503 while renders fail is allowed; a wrong page is not
                    }
                    sleep(1);
                }
                return null;
            }));
        }
        for (int w = 0; w < 4; w++) {
            done.get(w).get(2, TimeUnit.MINUTES);
        }
        running.set(false);
        for (Future<?> f : done) {
            f.get(1, TimeUnit.MINUTES);
        }
        threads.shutdown();
        table.failure = 0;
        long failed = acknowledged.stream()
                .filter(f -> {
                    try {
                        f.get(2, TimeUnit.MINUTES);
                        return false;
                    } catch (Exception e) {
                        return true;
                    }
                })
                .count();
        System.out.printf(
                "%d invalidations on %d node(s), %d of them answered by a render that failed%n",
                acknowledged.size(), nodes.size(), failed);
        assertTrue(acknowledged.size() >= 600, "every writer ran");
    }

    /** Waits until no node renders and no change waits, reading meanwhile as traffic would. */
    static void awaitSettled(List<SitemapService> nodes) throws Exception {
        long until = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        int quiet = 0;
        while (quiet < 3) {
            assertTrue(System.nanoTime() < until, "the nodes settled within 2 minutes");
            sleep(StoreInternals.JCACHE_FRESH_MILLIS / 2 + 100);
            boolean settled = true;
            for (SitemapService node : nodes) {
                assertSections(node);
                settled &= node.settled();
            }
            quiet = settled ? quiet + 1 : 0;
        }
    }

    static void assertSections(SitemapService node) {
        try {
            node.section(SITE, "products");
        } catch (UnavailableException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * The node serves exactly the table's rows; a failure names the first rows that differ. A node
     * of a cluster may serve its own copy for a while (up to a second, or while the shared store
     * does not answer, which it logs), so it is given a minute to agree; a lost change never does.
     */
    static void assertServed(Table table, SitemapService node) throws Exception {
        long until = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
        while (!table.expected().equals(served(node)) && System.nanoTime() < until) {
            sleep(250);
        }
        List<String> expected = table.expected();
        List<String> served = served(node);
        List<String> missing = new ArrayList<>(expected);
        missing.removeAll(served);
        List<String> wrong = new ArrayList<>(served);
        wrong.removeAll(expected);
        assertTrue(
                missing.isEmpty() && wrong.isEmpty() && expected.size() == served.size(),
                () -> "a node serving the render of " + renderedAt(node) + ": " + missing.size()
                        + " acknowledged rows not served as they are, e.g. "
                        + missing.subList(0, Math.min(3, missing.size())) + "; " + wrong.size()
                        + " served rows that are gone or old, e.g. " + wrong.subList(0, Math.min(3, wrong.size())));
    }

    static String renderedAt(SitemapService node) {
        try {
            return Instant.ofEpochMilli(node.section(SITE, "products").renderedAtMillis())
                    .toString();
        } catch (UnavailableException e) {
            return e.toString();
        }
    }

    static List<String> served(SitemapService node) throws Exception {
        List<String> out = new ArrayList<>();
        for (CachedPage page : node.section(SITE, "products").pages()) {
            Matcher m = URL.matcher(inflate(page.gzip()));
            while (m.find()) {
                out.add(m.group(1) + " " + m.group(2));
            }
        }
        return out;
    }

    static List<String> etags(SitemapService node) throws Exception {
        List<String> out = new ArrayList<>();
        node.section(SITE, "products").pages().forEach(p -> out.add(p.etag()));
        return out;
    }

    static String root(SitemapService node) throws Exception {
        return inflate(node.root(SITE).orElseThrow().gzip());
    }

    static String inflate(byte[] gzip) throws IOException {
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(gzip))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
