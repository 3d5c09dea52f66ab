package org.sitemapkit.testsupport;

import java.time.Duration;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Waits for a condition by asking again until it holds, so a test waits exactly as long as the
 * thing it waits for takes and no test sleeps for a guessed time.
 */
public final class Await {

    private Await() {}

    /**
     * Takes {@code probe} until {@code done} holds of what it gives, and returns that; fails after
     * {@code timeout} with {@code describe} of the last value.
     */
    public static <T> T until(
            Duration timeout, Supplier<T> probe, Predicate<? super T> done, Function<? super T, String> describe) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            T value = probe.get();
            if (done.test(value)) {
                return value;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError(
                        "not reached in " + timeout.toSeconds() + " s; the last state: " + describe.apply(value));
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting; the last state: " + describe.apply(value), e);
            }
        }
    }
}
