package org.sitemapkit.testsupport;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntSupplier;

/** Many calls at once, as an application's request threads make them, and the wait for what they set off to end. */
public final class Concurrently {
    private Concurrently() {}

    /**
     * Makes {@code calls} calls of {@code call} on a pool of {@code threads} threads and waits for them all.
     *
     * @return how many calls threw a {@link RuntimeException}: two transactions on one row, one fails, as the
     *     database says
     */
    public static int failures(int calls, int threads, Runnable call) throws InterruptedException, ExecutionException {
        AtomicInteger failed = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int i = 0; i < calls; i++) {
                done.add(pool.submit(() -> {
                    try {
                        call.run();
                    } catch (RuntimeException e) {
                        failed.incrementAndGet();
                    }
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
        if (!pool.awaitTermination(10, TimeUnit.SECONDS)) {
            throw new AssertionError("the threads did not end");
        }
        return failed.get();
    }

    /**
     * Waits until {@code count} (renders begun, say) stays the same for half a second, so that nothing a test set
     * off is left for the next one to see; fails after {@code timeout}.
     */
    public static void awaitSteady(IntSupplier count, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        int seen = -1;
        while (seen != count.getAsInt()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("still changing after " + timeout + ": " + count.getAsInt());
            }
            seen = count.getAsInt();
            Thread.sleep(500);
        }
    }
}
