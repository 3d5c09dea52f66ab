package org.sitemapkit.internal.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.render.UrlSources;
import org.sitemapkit.internal.store.DiskPageStore;
import org.sitemapkit.model.Lastmod;
import org.sitemapkit.model.Site;
import org.sitemapkit.source.UrlSource;
import org.sitemapkit.testsupport.LogRecords;

/**
 * Once {@code invalidate} returned, the change is rendered even if the JVM that took it dies the
 * next moment: after a restart on the disk store (a real JVM halted at once, no shutdown hook run),
 * and by another node of a cluster (the node's member closed without goodbye, its threads killed),
 * on a page that no later change touches. A graceful stop that cannot finish hands the change over
 * and says so.
 */
class AckThenStopTest {
    static final Site SITE = InvalidationPropertyTest.SITE;

    @TempDir
    Path dir;

    private ClusterNodes cluster;

    @AfterEach
    void close() {
        if (cluster != null) {
            cluster.close();
        }
    }

    /** The products table in a file, as a database the child JVM and this one both read. */
    static UrlSource fileTable(Path file, long slowMillis) {
        return UrlSource.stable(
                "products",
                (site, from, to) -> {
                    InvalidationPropertyTest.sleep(
                            slowMillis); // a slow database: the render is still running at the halt
                    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
                    return lines.stream()
                            .map(l -> l.split(" "))
                            .map(p -> Map.entry(Long.parseLong(p[0]), Long.parseLong(p[1])))
                            .filter(e -> e.getKey() >= from && e.getKey() <= to);
                },
                Map.Entry::getKey,
                InvalidationPropertyTest::url);
    }

    static void writeTable(Path file, long changedKey, long changedValue) throws IOException {
        StringBuilder rows = new StringBuilder();
        for (long id = 1; id <= 500; id++) {
            rows.append(id * 10)
                    .append(' ')
                    .append(id * 10 == changedKey ? changedValue : id * 37)
                    .append('\n');
        }
        Files.writeString(file, rows, StandardCharsets.UTF_8);
    }

    static Settings settings() {
        return Settings.builder().baseUrl(SITE).maxUrls(100).build();
    }

    /**
     * The child: renders the table into the disk store, changes row 2,500 (page 5 of 5), invalidates
     * it, prints that the change was acknowledged, and halts the JVM at once, its render in flight.
     */
    public static void main(String[] args) throws Exception {
        Path store = Path.of(args[0]);
        Path table = Path.of(args[1]);
        writeTable(table, 0, 0);
        SitemapService service = new SitemapService(
                settings(), new UrlSources().register(fileTable(table, 0)), new DiskPageStore(store));
        service.section(SITE, "products");
        writeTable(table, 2_500, 999_999); // the application's write commits
        SitemapService slow = new SitemapService(
                settings(), new UrlSources().register(fileTable(table, 5_000)), new DiskPageStore(store));
        slow.invalidate("products", 2_500);
        System.out.println("acknowledged");
        System.out.flush();
        Runtime.getRuntime().halt(0);
    }

    @Test
    void aChangeAcknowledgedJustBeforeTheJvmHaltsIsRenderedAfterTheRestart() throws Exception {
        Path store = dir.resolve("pages");
        Path table = dir.resolve("table.txt");
        Process child = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        AckThenStopTest.class.getName(),
                        store.toString(),
                        table.toString())
                .redirectErrorStream(true)
                .start();
        String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(child.waitFor(60, TimeUnit.SECONDS));
        assertTrue(output.contains("acknowledged"), output);
        String changed = InvalidationPropertyTest.loc(2_500);
        DiskPageStore restarted = new DiskPageStore(store);
        assertFalse(restarted.intended().isEmpty(), "the change is recorded beside the pages");
        SitemapService service =
                new SitemapService(settings(), new UrlSources().register(fileTable(table, 0)), restarted);
        try {
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            List<String> served = InvalidationPropertyTest.served(service);
            while (!served.contains(changed + " " + lastmod(999_999)) && System.nanoTime() < until) {
                Thread.sleep(50);
                served = InvalidationPropertyTest.served(service);
            }
            assertTrue(served.contains(changed + " " + lastmod(999_999)), "the restart rendered the change");
            assertEquals(500, served.size());
            while (!restarted.intended().isEmpty() && System.nanoTime() < until) {
                Thread.sleep(20); // cleared just after the commit that served it
            }
            assertTrue(restarted.intended().isEmpty(), "and cleared its record");
        } finally {
            service.close();
        }
    }

    static String lastmod(long seconds) {
        return Lastmod.of(InvalidationPropertyTest.T0.plusSeconds(seconds)).toString();
    }

    @Test
    void aChangeAcknowledgedByANodeThatDiesAtOnceIsRenderedByAnother() throws Exception {
        InvalidationPropertyTest.Table table = new InvalidationPropertyTest.Table(500);
        UrlSource source = InvalidationPropertyTest.stable(table, 300); // slow: the render is in flight at the kill
        cluster = new ClusterNodes(2, settings(), () -> new UrlSources().register(source)).startAll();
        SitemapService a = cluster.node(0).service;
        SitemapService b = cluster.node(1).service;
        InvalidationPropertyTest.assertSections(b);
        table.rows.put(4_990L, 777_777L);
        CompletableFuture<Void> acknowledged = a.invalidate("products", 4_990);
        assertFalse(acknowledged.isCompletedExceptionally());
        cluster.kill(0);
        String changed = InvalidationPropertyTest.loc(4_990) + " " + lastmod(777_777);
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!InvalidationPropertyTest.served(b).contains(changed) && System.nanoTime() < until) {
            Thread.sleep(50);
        }
        assertTrue(InvalidationPropertyTest.served(b).contains(changed), "node B rendered node A's change");
        InvalidationPropertyTest.assertServed(table, b);
    }

    @Test
    void aGracefulStopThatCannotFinishHandsTheChangeOverAndSaysSo() throws Exception {
        InvalidationPropertyTest.Table table = new InvalidationPropertyTest.Table(500);
        UrlSource source = InvalidationPropertyTest.stable(table, 1_500);
        cluster = new ClusterNodes(2, settings(), () -> new UrlSources().register(source)).startAll();
        InvalidationPropertyTest.assertSections(cluster.node(1).service);
        table.rows.put(20L, 555_555L);
        cluster.node(0).service.invalidate("products", 20);
        String section = SITE.base() + "|products";
        String held = null;
        long leased = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while ((held = cluster.lease(1, section)) == null && System.nanoTime() < leased) {
            Thread.sleep(10);
        }
        assertTrue(held != null, "node A renders under its lease");
        String ownerA = held.substring(0, held.indexOf(' ') + 1);
        try (LogRecords log = LogRecords.of(SitemapService.class.getName(), Level.INFO)) {
            ClusterNodes.Node a = cluster.node(0);
            a.service.stop(Duration.ofMillis(200));
            assertEquals(
                    1,
                    log.containing("stopping with the changes of section products", "recorded in the JCache store")
                            .size(),
                    () -> String.join("\n", log.lines()));
        }
        // given up at the stop, and not taken again by a renewal that was under way (node B may take it)
        String after = cluster.lease(1, section);
        assertTrue(after == null || !after.startsWith(ownerA), "released at the stop: " + after);
        Thread.sleep(1_500); // past a renewal's interval (a third of the 3 s lease)
        after = cluster.lease(1, section);
        assertTrue(after == null || !after.startsWith(ownerA), "not renewed after it: " + after);
        cluster.stopGracefully(0);
        SitemapService b = cluster.node(1).service;
        String changed = InvalidationPropertyTest.loc(20) + " " + lastmod(555_555);
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!InvalidationPropertyTest.served(b).contains(changed) && System.nanoTime() < until) {
            Thread.sleep(50);
        }
        assertTrue(InvalidationPropertyTest.served(b).contains(changed), "node B took the change over");
    }
}
