package org.sitemapkit.internal.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.render.UrlSources;
import org.sitemapkit.internal.store.CachedPage;
import org.sitemapkit.internal.store.DiskPageStore;
import org.sitemapkit.internal.store.RenderedSection;
import org.sitemapkit.internal.verify.ListedUrls;
import org.sitemapkit.model.Changefreq;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;

/**
 * {@code lastmod=content}: URLs whose source gives no lastmod get the time their entry first
 * appeared or last changed; a render with unchanged rows keeps every lastmod, a changed row moves
 * only its own, rows inserted ahead shift the others without moving theirs, and the times survive a
 * restart on the disk store and agree across two nodes of a Hazelcast cluster.
 */
class ContentLastmodTest {
    static final Site SITE = Site.of("https://shop.example.com/");
    static final Instant T0 = Instant.parse("2026-11-01T08:00:00Z");

    /** Products without lastmods: a slug each, and a changefreq the test may change per row. */
    static final class Catalogue {
        final Map<Integer, Changefreq> changed = new ConcurrentHashMap<>();
        volatile int first = 0;
        volatile int count = 3_000;

        UrlSource source() {
            return UrlSource.of(
                    "products",
                    site -> IntStream.range(first, first + count)
                            .mapToObj(i -> SitemapUrl.builder(
                                            site.url("p/" + i + "-item-" + Integer.toString(i * 7919, 36)))
                                    .changefreq(changed.getOrDefault(i, Changefreq.WEEKLY))
                                    .build()));
        }
    }

    static Settings settings() {
        return Settings.builder()
                .baseUrl(SITE)
                .maxUrls(1_000)
                .set(org.sitemapkit.internal.config.SettingsTable.LASTMOD, Settings.LastmodMode.CONTENT)
                .build();
    }

    /** Each listed URL's lastmod, read from the served pages. */
    static Map<String, String> lastmods(SitemapService service) throws Exception {
        RenderedSection s = service.section(SITE, "products");
        Map<String, String> all = new TreeMap<>();
        for (CachedPage p : s.pages()) {
            for (ListedUrls.Listed l : ListedUrls.read(p.gzip(), null)) {
                all.put(l.loc(), l.lastmod());
            }
        }
        return all;
    }

    private static String at(Instant t) {
        return t.toString();
    }

    @Test
    void unchangedRowsKeepTheirLastmodsAcrossRendersAndARestart(@TempDir Path dir) throws Exception {
        Catalogue catalogue = new Catalogue();
        AtomicLong now = new AtomicLong(T0.toEpochMilli());
        Map<String, String> first;
        try (SitemapService service = new SitemapService(
                settings(), new UrlSources().register(catalogue.source()), new DiskPageStore(dir), now::get)) {
            first = lastmods(service);
            assertEquals(3_000, first.size());
            assertTrue(first.values().stream().allMatch(at(T0)::equals), "first seen at the first render");

            now.set(T0.plus(Duration.ofHours(1)).toEpochMilli());
            service.invalidate("products").get();
            assertEquals(Map.of(), diff(first, lastmods(service)), "a render with unchanged rows keeps every lastmod");

            now.set(T0.plus(Duration.ofHours(2)).toEpochMilli());
            catalogue.changed.put(1_500, Changefreq.DAILY);
            service.invalidate("products").get();
            Map<String, String> after = lastmods(service);
            Map<String, String> moved = diff(first, after);
            assertEquals(1, moved.size(), "moved: " + moved.size());
            assertEquals(
                    at(T0.plus(Duration.ofHours(2))), moved.values().iterator().next());
            assertTrue(moved.keySet().iterator().next().contains("/p/1500-"), moved.toString());
            first = after;
        }
        now.set(T0.plus(Duration.ofHours(3)).toEpochMilli());
        try (SitemapService restarted = new SitemapService(
                settings(), new UrlSources().register(catalogue.source()), new DiskPageStore(dir), now::get)) {
            restarted.invalidate("products").get();
            assertEquals(Map.of(), diff(first, lastmods(restarted)), "the times are in the pages the disk store kept");

            now.set(T0.plus(Duration.ofHours(4)).toEpochMilli());
            catalogue.first = -300; // 300 rows inserted ahead: every other URL moves by 300 places
            catalogue.count = 3_300;
            restarted.invalidate("products").get();
            Map<String, String> shifted = lastmods(restarted);
            Map<String, String> moved = diff(first, shifted);
            assertEquals(300, moved.size(), "only the new rows are new: " + moved.size());
            assertTrue(moved.values().stream().allMatch(at(T0.plus(Duration.ofHours(4)))::equals));
            assertTrue(
                    moved.keySet().stream().allMatch(u -> u.contains("/p/-")),
                    moved.keySet().toString());
        }
    }

    @Test
    void aChangedRowOfStablePagesRerendersOnePageAndMovesOnlyItsOwnLastmod(@TempDir Path dir) throws Exception {
        Catalogue catalogue = new Catalogue();
        UrlSource stable = UrlSource.stable(
                "products",
                (Site site, long from, long to) -> IntStream.range(0, catalogue.count)
                        .filter(i -> i >= from && i <= to)
                        .boxed(),
                i -> i,
                (Integer i, Site site) -> SitemapUrl.builder(site.url("p/" + i))
                        .changefreq(catalogue.changed.getOrDefault(i, Changefreq.WEEKLY))
                        .build());
        AtomicLong now = new AtomicLong(T0.toEpochMilli());
        try (SitemapService service =
                new SitemapService(settings(), new UrlSources().register(stable), new DiskPageStore(dir), now::get)) {
            Map<String, String> first = lastmods(service);
            now.set(T0.plus(Duration.ofHours(1)).toEpochMilli());
            catalogue.changed.put(2_222, Changefreq.DAILY);
            service.invalidate("products", 2_222L).get();
            Map<String, String> moved = diff(first, lastmods(service));
            assertEquals(Map.of(SITE.url("p/2222"), at(T0.plus(Duration.ofHours(1)))), moved);
        }
    }

    @Test
    void twoNodesOfAClusterAgree() throws Exception {
        Catalogue catalogue = new Catalogue();
        try (ClusterNodes cluster =
                new ClusterNodes(2, settings(), () -> new UrlSources().register(catalogue.source())).startAll()) {
            Map<String, String> one = lastmods(cluster.node(0).service);
            catalogue.changed.put(42, Changefreq.HOURLY);
            Thread.sleep(1_100); // the next render's time is another second
            cluster.node(1).service.invalidate("products").get();
            Map<String, String> two = lastmods(cluster.node(1).service);
            Map<String, String> moved = diff(one, two);
            assertEquals(1, moved.size(), "moved: " + moved.size());
            assertTrue(moved.keySet().iterator().next().contains("/p/42-"), moved.toString());
            assertEquals(Map.of(), diff(two, lastmods(cluster.node(0).service)), "node 0 serves what node 1 rendered");
        }
    }

    private static Map<String, String> diff(Map<String, String> before, Map<String, String> after) {
        Map<String, String> d = new TreeMap<>();
        after.forEach((url, lastmod) -> {
            if (!lastmod.equals(before.get(url))) {
                d.put(url, lastmod);
            }
        });
        return d;
    }

    static String xml(CachedPage page) throws IOException {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(page.gzip()))) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
    }
}
