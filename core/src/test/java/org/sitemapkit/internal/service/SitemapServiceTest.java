package org.sitemapkit.internal.service;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.render.UrlSources;
import org.sitemapkit.internal.status.SectionStatus;
import org.sitemapkit.internal.store.CachedPage;
import org.sitemapkit.internal.store.MemoryPageStore;
import org.sitemapkit.internal.store.StoreInternals;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;

class SitemapServiceTest {
    static final Site SITE = Site.of("https://shop.example.com/");
    final AtomicLong now = new AtomicLong(1_000_000);
    final List<SitemapService> services = new ArrayList<>();

    /** A source whose size, failure and pace the test controls, counting how often it is opened. */
    static final class Products implements UrlSource {
        final AtomicInteger opened = new AtomicInteger();
        volatile int count = 10;
        volatile String variant = "a";
        volatile boolean fail;
        volatile CountDownLatch gate = new CountDownLatch(0);

        @Override
        public String section() {
            return "products";
        }

        @Override
        public Stream<SitemapUrl> urls(Site site) throws InterruptedException {
            opened.incrementAndGet();
            gate.await(30, TimeUnit.SECONDS);
            String v = variant;
            boolean failing = fail;
            return IntStream.range(0, count).mapToObj(i -> {
                if (failing && i == count / 2) {
                    throw new IllegalStateException("database connection lost");
                }
                return SitemapUrl.of(site.url("products/" + v + "/" + i));
            });
        }
    }

    SitemapService service(Settings settings, UrlSource... sources) {
        UrlSources s = new UrlSources();
        for (UrlSource source : sources) {
            s.register(source);
        }
        SitemapService service = new SitemapService(settings, s, new MemoryPageStore(), now::get);
        services.add(service);
        return service;
    }

    @AfterEach
    void close() {
        services.forEach(SitemapService::close);
    }

    static String xml(CachedPage page) throws IOException {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(page.gzip()))) {
            byte[] b = in.readAllBytes();
            assertEquals(page.identityLength(), b.length);
            return new String(b, StandardCharsets.UTF_8);
        }
    }

    @Test
    void sixtyFourConcurrentRequestsForAColdPageRenderOnce() throws Exception {
        Products products = new Products();
        products.gate = new CountDownLatch(1);
        SitemapService service = service(Settings.defaults(), products);
        ExecutorService pool = Executors.newFixedThreadPool(64);
        try {
            CountDownLatch started = new CountDownLatch(64);
            List<Future<CachedPage>> results = new ArrayList<>();
            for (int i = 0; i < 64; i++) {
                results.add(pool.submit(() -> {
                    started.countDown();
                    return service.page(SITE, "products", 1).orElseThrow();
                }));
            }
            assertTrue(started.await(10, TimeUnit.SECONDS));
            Thread.sleep(200); // let every request reach the cache before the render may finish
            products.gate.countDown();
            Set<CachedPage> distinct = new HashSet<>();
            for (Future<CachedPage> f : results) {
                distinct.add(f.get(30, TimeUnit.SECONDS));
            }
            assertEquals(1, products.opened.get(), "renders");
            assertEquals(1, distinct.size());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void staleSectionIsServedWhileOneBackgroundRenderRefreshesIt() throws Exception {
        Products products = new Products();
        SitemapService service =
                service(Settings.builder().cacheTtl(Duration.ofMinutes(5)).build(), products);
        CachedPage first = service.page(SITE, "products", 1).orElseThrow();
        assertTrue(xml(first).contains("/products/a/0<"));

        products.variant = "b";
        products.gate = new CountDownLatch(1); // the refresh will hang until released
        now.addAndGet(Duration.ofMinutes(5).toMillis());
        for (int i = 0; i < 20; i++) {
            CachedPage served = assertTimeoutPreemptively(
                    Duration.ofSeconds(5),
                    () -> service.page(SITE, "products", 1).orElseThrow(),
                    "a reader waited for the refresh");
            assertSame(first, served);
        }
        products.gate.countDown();
        waitFor(() -> xml(service.page(SITE, "products", 1).orElseThrow()).contains("/products/b/0<"));
        assertEquals(2, products.opened.get(), "one initial render and exactly one refresh");
    }

    @Test
    void aFailingRefreshKeepsTheLastGoodPages() throws Exception {
        Products products = new Products();
        SitemapService service =
                service(Settings.builder().cacheTtl(Duration.ofSeconds(60)).build(), products);
        CachedPage good = service.page(SITE, "products", 1).orElseThrow();
        products.fail = true;
        now.addAndGet(61_000);
        assertSame(good, service.page(SITE, "products", 1).orElseThrow());
        waitFor(() -> products.opened.get() == 2);
        Thread.sleep(100);
        assertSame(good, service.page(SITE, "products", 1).orElseThrow());
        assertSame(good, service.root(SITE).orElseThrow());
    }

    @Test
    void theStatusSaysWhatIsServedAndWhatFailedAndEveryNewSectionIsAnnounced() throws Exception {
        Products products = new Products();
        SitemapService service =
                service(Settings.builder().cacheTtl(Duration.ofSeconds(60)).build(), products);
        List<String> announced = new ArrayList<>();
        service.status().eachSection(live -> announced.add(live.site() + " " + live.section()));
        assertEquals(List.of(), service.status().sections(), "nothing held before a request");

        service.page(SITE, "products", 1).orElseThrow();
        assertEquals(List.of(SITE.base() + " products"), announced);
        SectionStatus ok = service.status().sections().get(0);
        assertEquals("ok", ok.state());
        assertEquals(1, ok.pages());
        assertEquals(10, ok.urls());
        assertTrue(ok.bytes() > 0);
        assertEquals(1, ok.renders());
        assertEquals(0, ok.failures());
        assertTrue(ok.lastRenderMillis() >= 0);
        assertEquals(Instant.ofEpochMilli(now.get()), ok.renderedAt());
        assertNull(ok.lastFailure());
        assertTrue(ok.audit().withLastmod() <= 10, "the lastmod audit of the render served");

        products.fail = true;
        now.addAndGet(61_000);
        service.page(SITE, "products", 1).orElseThrow(); // stale: starts the refresh, serves the old pages
        waitFor(() -> service.status().sections().get(0).failures() == 1);
        SectionStatus stale = service.status().sections().get(0);
        assertEquals("stale", stale.state(), "the old pages are served, the last render failed");
        assertEquals(10, stale.urls());
        assertEquals(2, stale.renders());
        assertTrue(stale.lastFailure().contains("database connection lost"), stale.lastFailure());
        assertEquals(Instant.ofEpochMilli(now.get()), stale.failingSince());

        products.fail = false;
        now.addAndGet(61_000);
        waitFor(
                () -> { // a request starts the refresh once the failed render has ended
                    service.page(SITE, "products", 1).orElseThrow();
                    return service.status().sections().get(0).renders() == 3;
                });
        SectionStatus again = service.status().sections().get(0);
        assertEquals("ok", again.state());
        assertNull(again.failingSince());
        assertTrue(again.lastFailure().contains("database connection lost"), "the last failure stays quoted");
        List<String> late = new ArrayList<>();
        service.status()
                .eachSection(
                        live -> late.add(live.section() + " " + live.status().urls()));
        assertEquals(List.of("products 10"), late, "a listener added later hears of the sections held");
    }

    @Test
    void aSectionThatNeverRenderedIsFailingAndCountsItsUnavailableAnswers() {
        Products products = new Products();
        products.fail = true;
        SitemapService service = service(Settings.defaults(), products);
        assertThrows(UnavailableException.class, () -> service.page(SITE, "products", 1));
        assertThrows(UnavailableException.class, () -> service.page(SITE, "products", 1));
        SectionStatus failing = service.status().sections().get(0);
        assertEquals("failing", failing.state());
        assertEquals(0, failing.pages());
        assertEquals(2, failing.unavailable(), "each 503 counted");
        assertEquals(1, failing.failures());
    }

    @Test
    void aFailingFirstRenderIsUnavailableNotTruncated() {
        Products products = new Products();
        products.fail = true;
        SitemapService service = service(Settings.defaults(), products);
        UnavailableException e = assertThrows(UnavailableException.class, () -> service.page(SITE, "products", 1));
        assertTrue(e.retryAfterSeconds() > 0);
        assertTrue(
                e.getCause().getMessage().contains("database connection lost"),
                e.getCause().toString());
        // the next request within the retry window does not hammer the failing source
        assertThrows(UnavailableException.class, () -> service.root(SITE));
        assertEquals(1, products.opened.get());
    }

    @Test
    void invalidateReRendersOnlyThatSection() throws Exception {
        Products products = new Products();
        AtomicInteger pagesOpened = new AtomicInteger();
        UrlSource pages = UrlSource.of("pages", site -> {
            pagesOpened.incrementAndGet();
            return Stream.of(SitemapUrl.of(site.url("/")));
        });
        SitemapService service = service(Settings.defaults(), products, pages);
        CachedPage before = service.root(SITE).orElseThrow();
        assertTrue(xml(before).contains("<sitemapindex"), "two sections, two pages: an index");
        products.variant = "c";
        service.invalidate("products").get(10, TimeUnit.SECONDS);
        assertTrue(xml(service.page(SITE, "products", 1).orElseThrow()).contains("/products/c/1<"));
        assertEquals(2, products.opened.get());
        assertEquals(1, pagesOpened.get());

        service.invalidateAll().get(10, TimeUnit.SECONDS);
        assertEquals(3, products.opened.get());
        assertEquals(2, pagesOpened.get());
    }

    @Test
    void aSourceJoiningASectionServedHereReRendersItAndOnlyThere() throws Exception {
        Products products = new Products();
        AtomicInteger pagesOpened = new AtomicInteger();
        UrlSource pages = UrlSource.of("pages", site -> {
            pagesOpened.incrementAndGet();
            return Stream.of(SitemapUrl.of(site.url("/")));
        });
        UrlSources sources = new UrlSources().register(products).register(pages);
        SitemapService service =
                new SitemapService(Settings.builder().baseUrl(SITE).build(), sources, new MemoryPageStore(), now::get);
        services.add(service);

        // nothing served here yet: a late source re-renders nothing, even with base-url set
        sources.register(UrlSource.paths("pages", "/early"));
        service.invalidateMaterialized("pages").get(10, TimeUnit.SECONDS);
        assertEquals(0, pagesOpened.get());
        assertTrue(service.settled());

        CachedPage before = service.page(SITE, "pages", 1).orElseThrow();
        assertTrue(xml(before).contains("/early<"), "the first render reads every source registered so far");
        assertEquals(1, pagesOpened.get());
        assertEquals(0, products.opened.get(), "products was never asked for");

        sources.register(UrlSource.paths("pages", "/late"));
        assertSame(before, service.page(SITE, "pages", 1).orElseThrow(), "not before it is invalidated");
        service.invalidateMaterialized("pages").get(10, TimeUnit.SECONDS);
        String after = xml(service.page(SITE, "pages", 1).orElseThrow());
        assertTrue(after.contains("/late<") && after.contains("/early<"), after);
        assertEquals(2, pagesOpened.get());

        sources.register(UrlSource.paths("products", "/late-product"));
        service.invalidateMaterialized("products").get(10, TimeUnit.SECONDS);
        assertEquals(0, products.opened.get(), "a section never served here is left to its first render");

        // a section new to the service: the root, already composed, lists it from then on
        String root = xml(service.root(SITE).orElseThrow());
        assertTrue(!root.contains("sitemap-news-1.xml"), root);
        sources.register(UrlSource.paths("news", "/news/1"));
        service.invalidateMaterialized("news").get(10, TimeUnit.SECONDS);
        String grown = xml(service.root(SITE).orElseThrow());
        assertTrue(grown.contains("<loc>https://shop.example.com/sitemap-news-1.xml</loc>"), grown);
        assertTrue(xml(service.page(SITE, "news", 1).orElseThrow()).contains("/news/1<"));
    }

    @Test
    void invalidatingTheMaterializedSectionsOfASiteLeavesOtherSitesAndUntouchedSections() throws Exception {
        Products products = new Products();
        AtomicInteger pagesOpened = new AtomicInteger();
        UrlSource pages = UrlSource.of("pages", site -> {
            pagesOpened.incrementAndGet();
            return Stream.of(SitemapUrl.of(site.url("/")));
        });
        SitemapService service = service(Settings.defaults(), products, pages);
        Site other = Site.of("http://localhost:8080/");
        assertEquals(List.of(), service.invalidateMaterialized(SITE), "nothing held for the site");
        service.page(SITE, "products", 1).orElseThrow();
        service.root(other).orElseThrow();
        assertEquals(2, products.opened.get());
        assertEquals(1, pagesOpened.get());

        assertEquals(List.of("products"), service.invalidateMaterialized(SITE));
        waitFor(() -> products.opened.get() == 3 && service.settled());
        assertEquals(1, pagesOpened.get(), "pages of SITE was never served, the other site's is another site");
    }

    @Test
    void rootIsTheOnlyPageOrAnIndexOrNothing() throws Exception {
        Products products = new Products();
        SitemapService single = service(Settings.defaults(), products);
        assertSame(
                single.page(SITE, "products", 1).orElseThrow(),
                single.root(SITE).orElseThrow());

        SitemapService always = service(
                Settings.builder()
                        .index(Settings.IndexMode.ALWAYS)
                        .gzipLocs(true)
                        .build(),
                products);
        String index = xml(always.root(SITE).orElseThrow());
        assertTrue(index.contains("<loc>https://shop.example.com/sitemap-products-1.xml.gz</loc>"), index);

        Products many = new Products();
        many.count = 25;
        SitemapService paged = service(Settings.builder().maxUrls(10).build(), many);
        String three = xml(paged.root(SITE).orElseThrow());
        assertEquals(3, three.split("<sitemap>").length - 1, three);
        assertTrue(paged.page(SITE, "products", 3).isPresent());
        assertTrue(paged.page(SITE, "products", 4).isEmpty());
        assertTrue(paged.page(SITE, "products", 0).isEmpty());
        assertTrue(paged.page(SITE, "unknown", 1).isEmpty());

        SitemapService empty = service(Settings.defaults(), UrlSource.of("pages", site -> Stream.empty()));
        assertTrue(empty.root(SITE).isEmpty());
    }

    @Test
    void gzipLevelTradesBytesForTimeAndKeepsTheContentItsEtagAndItsBytesFromRenderToRender() throws Exception {
        Products products = new Products();
        products.count = 5_000;
        CachedPage fast = service(Settings.builder().gzipLevel(1).build(), products)
                .page(SITE, "products", 1)
                .orElseThrow();
        CachedPage small = service(Settings.builder().gzipLevel(9).build(), products)
                .page(SITE, "products", 1)
                .orElseThrow();
        CachedPage fastAgain = service(Settings.builder().gzipLevel(1).build(), products)
                .page(SITE, "products", 1)
                .orElseThrow();
        assertEquals(xml(fast), xml(small));
        assertTrue(small.gzip().length < fast.gzip().length, small.gzip().length + " < " + fast.gzip().length);
        assertEquals(fast.etag(), small.etag(), "the ETag names the content, as every zlib build agrees on it");
        assertArrayEquals(fast.gzip(), fastAgain.gzip(), "the same level gives the same bytes");
        assertEquals(fast.etag(), fastAgain.etag());
    }

    @Test
    void sitesAreCachedApartAndBounded() throws Exception {
        Products products = new Products();
        MemoryPageStore store = new MemoryPageStore();
        SitemapService service = new SitemapService(
                Settings.builder().maxSites(2).build(), new UrlSources().register(products), store, now::get);
        services.add(service);
        CachedPage a = service.root(Site.of("http://localhost:8080/")).orElseThrow();
        CachedPage b = service.root(Site.of("http://127.0.0.1:8080/")).orElseThrow();
        assertNotEquals(a.etag(), b.etag());
        assertTrue(xml(a).contains("http://localhost:8080/products/"));
        assertTrue(xml(b).contains("http://127.0.0.1:8080/products/"));
        assertEquals(2, products.opened.get());
        // a third site while both others are in use: a 503, not an eviction that re-renders on every request
        assertThrows(UnavailableException.class, () -> service.root(Site.of("http://[::1]:8080/")));
        assertThrows(UnavailableException.class, () -> service.root(Site.of("http://[::1]:8080/")));
        assertEquals(2, products.opened.get(), "nothing rendered for a site that had no room");
        service.root(Site.of("http://127.0.0.1:8080/")); // in use again: the localhost site is now the eldest
        now.addAndGet(Settings.defaults().timing().cacheTtl().toMillis());
        service.root(Site.of("http://127.0.0.1:8080/"));
        service.root(Site.of("http://[::1]:8080/")).orElseThrow();
        assertEquals(2, StoreInternals.size(store), "the site idle for a whole cache-ttl was dropped");
        assertThrows(
                UnavailableException.class,
                () -> service.root(Site.of("http://localhost:8080/")),
                "and the dropped one waits its turn");
    }

    interface Check {
        boolean ok() throws Exception;
    }

    static void waitFor(Check check) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        AtomicReference<Exception> last = new AtomicReference<>();
        while (System.nanoTime() < deadline) {
            try {
                if (check.ok()) {
                    return;
                }
            } catch (Exception e) {
                last.set(e);
            }
            Thread.sleep(20);
        }
        throw new AssertionError("condition not met in 20 s", last.get());
    }
}
