package org.sitemapkit.internal.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.render.UrlSources;
import org.sitemapkit.internal.store.MemoryPageStore;
import org.sitemapkit.internal.store.MemoryPageStoreDelegate;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;

/**
 * A source that never returns must not take the site down: requests wait only briefly and in
 * bounded numbers, the render is abandoned at its deadline (stream closed, thread interrupted),
 * and other sections and sites keep rendering because no pool is shared that it could exhaust.
 */
class StuckSourceTest {
    static final Site A = Site.of("https://a.example.com/");
    static final Site B = Site.of("https://b.example.com/");
    static final Site C = Site.of("https://c.example.com/");

    final List<SitemapService> services = new ArrayList<>();
    final CountDownLatch release = new CountDownLatch(1);

    @AfterEach
    void close() {
        release.countDown();
        services.forEach(SitemapService::close);
    }

    /** Never returns by itself, ignores interrupts, and notes when it is closed or interrupted. */
    final class Stuck implements UrlSource {
        final AtomicInteger opened = new AtomicInteger();
        final AtomicInteger closed = new AtomicInteger();
        final AtomicInteger interrupted = new AtomicInteger();

        @Override
        public String section() {
            return "stuck";
        }

        @Override
        public Stream<SitemapUrl> urls(Site site) {
            opened.incrementAndGet();
            return Stream.<SitemapUrl>generate(() -> {
                        while (release.getCount() > 0) {
                            LockSupport.parkNanos(10_000_000);
                            if (Thread.interrupted()) {
                                interrupted.incrementAndGet();
                            }
                        }
                        throw new IllegalStateException("released");
                    })
                    .limit(1)
                    .onClose(closed::incrementAndGet);
        }
    }

    static UrlSource fine() {
        return UrlSource.of("fine", site -> Stream.of(SitemapUrl.of(site.url("a")), SitemapUrl.of(site.url("b"))));
    }

    SitemapService service(Duration deadline, Duration wait, UrlSource... sources) {
        UrlSources s = new UrlSources();
        for (UrlSource source : sources) {
            s.register(source);
        }
        SitemapService service = new SitemapService(
                Settings.builder().renderDeadline(deadline).renderWait(wait).build(), s, new MemoryPageStore());
        services.add(service);
        return service;
    }

    @Test
    void aStuckSourceAnswers503AfterTheWaitAndNeverDelaysAnotherSectionOrSite() {
        Stuck stuck = new Stuck();
        SitemapService service = service(Duration.ofMinutes(5), Duration.ofMillis(300), stuck, fine());
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            for (Site site : List.of(A, B, C)) { // three stuck renders: more than the old pool of two
                UnavailableException e = assertThrows(UnavailableException.class, () -> service.page(site, "stuck", 1));
                assertTrue(e.retryAfterSeconds() >= 1);
            }
            for (Site site : List.of(A, B, C)) {
                assertEquals(2, service.page(site, "fine", 1).orElseThrow().urlCount(), "other sections render");
            }
            assertThrows(UnavailableException.class, () -> service.root(A), "no index without every section");
        });
        assertEquals(3, stuck.opened.get(), "one render per site, however many requests came");
    }

    @Test
    void aRenderPastItsDeadlineIsAbandonedItsStreamClosedAndItsThreadInterrupted() throws Exception {
        Stuck stuck = new Stuck();
        SitemapService service = service(Duration.ofSeconds(1), Duration.ofMillis(100), stuck, fine());
        assertThrows(UnavailableException.class, () -> service.page(A, "stuck", 1));
        CompletableFuture<Void> invalidated = service.invalidate("stuck");
        ExecutionException e = assertThrows(
                ExecutionException.class,
                () -> invalidated.get(10, TimeUnit.SECONDS),
                "invalidate() completes, exceptionally, once the deadline passed");
        assertTrue(String.valueOf(e.getCause()).contains("deadline"), String.valueOf(e.getCause()));
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while ((stuck.closed.get() < stuck.opened.get() || stuck.interrupted.get() == 0) && System.nanoTime() < until) {
            Thread.sleep(20);
        }
        assertTrue(stuck.opened.get() >= 1);
        assertEquals(stuck.opened.get(), stuck.closed.get(), "every abandoned render's stream was closed");
        assertTrue(stuck.interrupted.get() >= 1, "the rendering thread was interrupted");
        assertThrows(UnavailableException.class, () -> service.page(A, "stuck", 1), "503 until a render succeeds");
    }

    @Test
    void aFloodOfRequestsForAStuckSectionTurnsIntoFast503s() throws Exception {
        SitemapService service = service(Duration.ofMinutes(5), Duration.ofSeconds(3), new Stuck());
        int requests = SitemapService.MAX_WAITING_REQUESTS + 40;
        ExecutorService pool = Executors.newFixedThreadPool(requests);
        try {
            List<Future<Long>> took = new ArrayList<>();
            CountDownLatch go = new CountDownLatch(1);
            for (int i = 0; i < requests; i++) {
                took.add(pool.submit(() -> {
                    go.await();
                    long start = System.nanoTime();
                    assertThrows(UnavailableException.class, () -> service.page(A, "stuck", 1));
                    return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                }));
            }
            go.countDown();
            int fast = 0;
            for (Future<Long> f : took) {
                if (f.get(30, TimeUnit.SECONDS) < 1500) {
                    fast++;
                }
            }
            assertTrue(
                    fast >= requests - SitemapService.MAX_WAITING_REQUESTS,
                    "at most " + SitemapService.MAX_WAITING_REQUESTS + " requests wait; fast 503s: " + fast);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aColdRootRendersItsSectionsSideBySide() throws Exception {
        CyclicBarrier all = new CyclicBarrier(3);
        List<UrlSource> sources = new ArrayList<>();
        for (String name : List.of("one", "two", "three")) {
            sources.add(UrlSource.of(name, site -> {
                try {
                    all.await(
                            15,
                            TimeUnit.SECONDS); // passes only if the three render at once (15 s: a loaded CI machine)
                } catch (TimeoutException | BrokenBarrierException | InterruptedException e) {
                    throw new IllegalStateException("rendered one after another", e);
                }
                return Stream.of(SitemapUrl.of(site.url(name)));
            }));
        }
        SitemapService service =
                service(Duration.ofMinutes(1), Duration.ofSeconds(20), sources.toArray(new UrlSource[0]));
        assertTrue(service.root(A).isPresent());
        assertEquals(3, service.sections(A).size());
    }

    /** Counts the leases a store is asked for, as a shared store would grant them. */
    static final class CountingStore extends MemoryPageStoreDelegate {
        final AtomicInteger leases = new AtomicInteger();
        final AtomicInteger releases = new AtomicInteger();

        @Override
        public boolean lease(String key, String owner, long untilMillis) {
            leases.incrementAndGet();
            return true;
        }

        @Override
        public void release(String key, String owner) {
            releases.incrementAndGet();
        }
    }

    @Test
    void aSourceThatIgnoresInterruptsHoldsOneThreadAndNoLeaseAfterItsDeadline() throws Exception {
        Stuck stuck = new Stuck();
        UrlSources sources = new UrlSources().register(stuck);
        CountingStore store = new CountingStore();
        SitemapService service = new SitemapService(
                Settings.builder()
                        .renderDeadline(Duration.ofSeconds(1))
                        .renderWait(Duration.ofMillis(50))
                        .cacheTtl(Duration.ofSeconds(1))
                        .renderLease(Duration.ofSeconds(1))
                        .build(),
                sources,
                store);
        services.add(service);
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (System.nanoTime() < until) {
            assertThrows(UnavailableException.class, () -> service.page(A, "stuck", 1));
            Thread.sleep(100);
        }
        assertEquals(1, stuck.opened.get(), "no second render while the first is still stuck in the source");
        assertTrue(store.releases.get() >= 1, "its lease was given up at the deadline");
        int leases = store.leases.get();
        Thread.sleep(1500);
        assertEquals(leases, store.leases.get(), "and not renewed after it");
    }

    @Test
    void aFinishedRenderLetsGoOfItsDeadline() throws Exception {
        SitemapService service = service(Duration.ofMinutes(10), Duration.ofSeconds(5), fine());
        for (int i = 0; i < 20; i++) {
            service.invalidate("fine").get(10, TimeUnit.SECONDS);
        }
        assertEquals(0, service.pendingTimers(), "no deadline task keeps a finished render's pages");
    }
}
