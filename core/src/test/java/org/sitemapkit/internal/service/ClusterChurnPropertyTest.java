package org.sitemapkit.internal.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.render.UrlSources;
import org.sitemapkit.internal.store.CachedPage;
import org.sitemapkit.internal.store.MemoryPageStore;
import org.sitemapkit.internal.store.RedissonNodes;
import org.sitemapkit.model.Lastmod;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;

/**
 * Many nodes as one server while nodes die: three Hazelcast members (or two Redisson clients of one
 * redis-server), writers changing rows and
 * invalidating them on any node, readers on every node, renders failing at random, and one node at
 * a time stopped (gracefully or abruptly, its member closed without goodbye) and started again.
 * Once quiet, every node serves the same bytes, equal to a fresh render of the table: no change
 * whose invalidation returned is lost, whichever node acknowledged it and however it died.
 */
class ClusterChurnPropertyTest {
    static final Site SITE = InvalidationPropertyTest.SITE;

    private ClusterNodes cluster;

    @AfterEach
    void close() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @AfterAll
    static void stopRedis() {
        RedissonNodes.stop();
    }

    static Settings settings() {
        return Settings.builder()
                .baseUrl(SITE)
                .maxUrls(100)
                .renderWait(Duration.ofSeconds(30))
                .build(); // the default render-lease: a dead node's lease must lapse by itself
    }

    /**
     * A section of stable pages, invalidated by key, and a plain one, invalidated whole. Stable pages
     * keep their boundaries as rows come and go, so there the nodes must agree with one another
     * byte for byte and list exactly what a fresh render lists; a plain section must also equal a
     * fresh render byte for byte.
     */
    /** What a section of the table must list, loc and lastmod, in key order. */
    static List<String> expected(InvalidationPropertyTest.Table table, String path) {
        List<String> out = new ArrayList<>();
        table.rows.forEach((k, v) ->
                out.add(SITE.url(path + "/" + k) + " " + Lastmod.of(InvalidationPropertyTest.T0.plusSeconds(v))));
        return out;
    }

    /** What a node serves of a section, loc and lastmod, in order. */
    static List<String> served(SitemapService node, String section) throws Exception {
        List<String> out = new ArrayList<>();
        for (CachedPage page : node.section(SITE, section).pages()) {
            Matcher m = InvalidationPropertyTest.URL.matcher(InvalidationPropertyTest.inflate(page.gzip()));
            while (m.find()) {
                out.add(m.group(1) + " " + m.group(2));
            }
        }
        return out;
    }

    @ParameterizedTest
    @CsvSource({"HAZELCAST, 3, true", "HAZELCAST, 3, false", "REDIS, 2, true"})
    void everyAcknowledgedChangeSurvivesNodesDying(ClusterNodes.Engine engine, int size, boolean stable)
            throws Exception {
        InvalidationPropertyTest.Table table = new InvalidationPropertyTest.Table(3_000);
        UrlSource source = stable
                ? InvalidationPropertyTest.stable(table, 2)
                : UrlSource.rows(
                        "products", site -> table.range(Long.MIN_VALUE, Long.MAX_VALUE), InvalidationPropertyTest::url);
        // orders change only right before the node that acknowledged the change stops: no later change
        // of another row re-renders their page and hides a lost one
        InvalidationPropertyTest.Table ordersTable = new InvalidationPropertyTest.Table(200);
        UrlSource orders = UrlSource.stable(
                "orders",
                (site, from, to) -> {
                    InvalidationPropertyTest.sleep(50); // slow: the render is in flight when the node goes
                    return ordersTable.range(from, to);
                },
                Map.Entry::getKey,
                (row, site) -> SitemapUrl.builder(site.url("orders/" + row.getKey()))
                        .lastmod(Lastmod.of(InvalidationPropertyTest.T0.plusSeconds(row.getValue())))
                        .build());
        cluster = new ClusterNodes(
                        engine,
                        size,
                        settings(),
                        () -> new UrlSources().register(source).register(orders))
                .startAll();
        for (ClusterNodes.Node n : cluster.running()) {
            InvalidationPropertyTest.assertSections(n.service);
        }
        table.failure = 0.1;
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicInteger acknowledged = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        List<String> stops = new CopyOnWriteArrayList<>();
        List<Long> ordersAcknowledged = new CopyOnWriteArrayList<>();
        long writeUntil = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        ExecutorService threads = Executors.newFixedThreadPool(6);
        List<Future<?>> writers = new ArrayList<>();
        for (int w = 0; w < 3; w++) {
            long seed = ThreadLocalRandom.current().nextLong();
            writers.add(threads.submit(() -> {
                Random random = new Random(seed);
                // at least 250 changes each, and on until nodes were stopped three times (at most 3 minutes)
                for (int i = 0; (i < 250 || stops.size() < 3) && System.nanoTime() < writeUntil; i++) {
                    // the application's write commits, then it tells SitemapKit on whichever node runs it
                    long key = table.change(random);
                    boolean all = !stable || random.nextInt(15) == 0;
                    while (true) {
                        List<ClusterNodes.Node> up = cluster.running();
                        ClusterNodes.Node n = up.get(random.nextInt(up.size()));
                        try {
                            CompletableFuture<Void> f =
                                    all ? n.service.invalidate("products") : n.service.invalidate("products", key);
                            if (!f.isCompletedExceptionally()) {
                                acknowledged.incrementAndGet();
                                break;
                            }
                        } catch (RuntimeException e) {
                            // the node died under the call
                        }
                        refused.incrementAndGet(); // not acknowledged: the application tells another node
                        InvalidationPropertyTest.sleep(10);
                    }
                    InvalidationPropertyTest.sleep(20 + random.nextInt(40));
                }
                return null;
            }));
        }
        List<Future<?>> others = new ArrayList<>();
        for (int r = 0; r < 2; r++) {
            others.add(threads.submit(() -> {
                Random random = new Random();
                while (running.get()) {
                    List<ClusterNodes.Node> up = cluster.running();
                    ClusterNodes.Node n = up.get(random.nextInt(up.size()));
                    try {
                        n.service.root(SITE);
                        n.service.page(SITE, "products", 1 + random.nextInt(40));
                    } catch (UnavailableException | RuntimeException e) {
                        // an honest 503, or a node dying under the request; never a wrong page (checked below)
                    }
                    InvalidationPropertyTest.sleep(2);
                }
                return null;
            }));
        }
        others.add(threads.submit(() -> {
            Random random = new Random();
            while (running.get()) {
                InvalidationPropertyTest.sleep(1_500 + random.nextInt(1_500));
                if (!running.get()) {
                    break;
                }
                int i = random.nextInt(cluster.size());
                boolean abrupt = random.nextBoolean();
                // the node acknowledges a change of an order, then goes at once
                long key = ordersTable.change(random);
                if (!cluster.node(i).service.invalidate("orders", key).isCompletedExceptionally()) {
                    ordersAcknowledged.add(key);
                }
                if (abrupt) {
                    cluster.kill(i);
                } else {
                    cluster.stopGracefully(i);
                }
                stops.add((abrupt ? "killed " : "stopped ") + i);
                cluster.awaitWhole(); // the others saw it go, as they would before a process comes back
                InvalidationPropertyTest.sleep(random.nextInt(1_000));
                cluster.start(i);
                cluster.awaitWhole();
            }
            return null;
        }));
        for (Future<?> w : writers) {
            w.get(5, TimeUnit.MINUTES);
        }
        running.set(false);
        for (Future<?> f : others) {
            f.get(3, TimeUnit.MINUTES);
        }
        threads.shutdown();
        table.failure = 0;
        System.out.printf(
                "%d changes acknowledged, %d refused by a dying node and sent again; nodes: %s%n",
                acknowledged.get(), refused.get(), stops);
        assertTrue(stops.size() >= 3, "nodes were stopped and started again: " + stops);

        List<ClusterNodes.Node> up = cluster.running();
        assertEquals(size, up.size());
        long until = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
        while (!up.get(0).store.intended().isEmpty()) {
            assertTrue(System.nanoTime() < until, "every recorded change was rendered within a minute");
            InvalidationPropertyTest.sleep(100);
        }
        List<SitemapService> nodes = up.stream().map(n -> n.service).toList();
        InvalidationPropertyTest.awaitSettled(nodes);
        SitemapService fresh = new SitemapService(settings(), new UrlSources().register(source), new MemoryPageStore());
        try {
            List<String> etags = InvalidationPropertyTest.etags(nodes.get(0));
            for (SitemapService node : nodes) {
                long ordersUntil = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
                while (!expected(ordersTable, "orders").equals(served(node, "orders"))
                        && System.nanoTime() < ordersUntil) {
                    InvalidationPropertyTest.sleep(250);
                }
                assertEquals(
                        expected(ordersTable, "orders"),
                        served(node, "orders"),
                        "every order changed right before its node stopped is served: " + ordersAcknowledged);
                InvalidationPropertyTest.assertServed(table, node);
                assertEquals(InvalidationPropertyTest.served(fresh), InvalidationPropertyTest.served(node));
                assertEquals(etags, InvalidationPropertyTest.etags(node), "every node serves the same bytes");
                assertEquals(InvalidationPropertyTest.root(nodes.get(0)), InvalidationPropertyTest.root(node));
                if (!stable) {
                    assertEquals(
                            InvalidationPropertyTest.etags(fresh),
                            InvalidationPropertyTest.etags(node),
                            "the pages equal a fresh render byte for byte");
                }
            }
        } finally {
            fresh.close();
        }
    }
}
