package org.sitemapkit.internal.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
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
        ExecutorService pool = Executors.newFixedThreadPool(1);
        CountDownLatch busy = new CountDownLatch(1);
        pool.execute(() -> {
            try {
                busy.await(); // the only thread is busy, say with a stuck source: tasks queue behind it
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
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
}
