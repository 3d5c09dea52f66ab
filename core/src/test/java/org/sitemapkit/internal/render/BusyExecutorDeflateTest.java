package org.sitemapkit.internal.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.sitemapkit.internal.Threads;
import org.sitemapkit.source.UrlSource;

/**
 * The application's executor accepts a drainer of BlockGzip's queue but cannot run it yet (its
 * threads are busy, e.g. with a render stuck in its source). The render thread deflates every
 * block itself, so the pages are all there, yet PageOutput.close() waits up to 10 s for the
 * Bounded permit held by the drainer that never started.
 */
class BusyExecutorDeflateTest {
    @Test
    void aRenderDoesNotWaitForADrainerThatNeverStarted() throws Exception {
        assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "background deflate needs two processors");
        CountDownLatch busy = new CountDownLatch(1);
        ExecutorService pool = busyUntil(busy);
        try (Threads threads = Threads.of(pool)) {
            Renderer renderer =
                    new Renderer(UrlsetWriterTest.SITE, PageOptions.builder().build()).threads(threads);
            MemorySink sink = new MemorySink(true);
            long start = System.nanoTime();
            RenderReport report = renderer.render(
                    new UrlSources()
                            .register(UrlSource.of(
                                    "products",
                                    site -> LongStream.range(0, 20_000).mapToObj(Generated::product))),
                    sink);
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertEquals(20_000, report.urlCount());
            // not a speed target: a wait for the drainer lasts PageOutput's 10 s bound, twice; 20,000 URLs take
            // well under a second even on a loaded machine
            assertTrue(millis < 9_000, "the render took " + millis + " ms, most of it in close() waiting");
        } finally {
            busy.countDown();
            pool.shutdown();
        }
    }

    /**
     * With the background thread unable to run, every later block is deflated by the render
     * thread, but the first page's queued blocks are not: finished pages must not pile up behind it
     * (10,000,000 URLs ran out of a 64 MiB heap that way), so the render thread takes it over.
     */
    @Test
    void finishedPagesDoNotPileUpBehindABlockTheBackgroundCannotDeflate() throws Exception {
        assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "background deflate needs two processors");
        CountDownLatch busy = new CountDownLatch(1);
        ExecutorService pool = busyUntil(busy);
        try (Threads threads = Threads.of(pool)) {
            int perPage = 2_000; // several 448 KiB blocks a page, so a page's first blocks fill the queue
            Renderer renderer = new Renderer(
                            UrlsetWriterTest.SITE,
                            PageOptions.builder().maxUrls(perPage).build())
                    .threads(threads);
            AtomicLong produced = new AtomicLong();
            AtomicLong delivered = new AtomicLong();
            AtomicLong mostBehind = new AtomicLong();
            MemorySink memory = new MemorySink(true, true);
            PageSink sink = new PageSink() {
                @Override
                public boolean keepsDocuments() {
                    return true;
                }

                @Override
                public java.io.OutputStream openPage(String section, int number) throws java.io.IOException {
                    return memory.openPage(section, number);
                }

                @Override
                public void pageWritten(PageSummary page) throws java.io.IOException {
                    memory.pageWritten(page);
                }

                @Override
                public void page(String section, PageSummary page, byte[] document) throws java.io.IOException {
                    long ended = produced.get() / perPage;
                    mostBehind.accumulateAndGet(ended - delivered.incrementAndGet(), Math::max);
                    memory.page(section, page, document);
                }
            };
            RenderReport report = renderer.render(
                    new UrlSources()
                            .register(UrlSource.of(
                                    "products",
                                    site -> LongStream.range(0, 200_000)
                                            .peek(i -> produced.incrementAndGet())
                                            .mapToObj(Generated::product))),
                    sink);
            assertEquals(200_000, report.urlCount());
            assertEquals(100, delivered.get());
            assertTrue(
                    mostBehind.get() <= PageOutput.MAX_PENDING + 1,
                    "pages ended but not delivered, at most: " + mostBehind.get());
        } finally {
            busy.countDown();
            pool.shutdown();
        }
    }

    /** A one-thread pool whose thread is busy until {@code busy} opens, say with a stuck source: tasks queue. */
    private static ExecutorService busyUntil(CountDownLatch busy) {
        ExecutorService pool = Executors.newFixedThreadPool(1);
        pool.execute(() -> {
            try {
                busy.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        return pool;
    }
}
