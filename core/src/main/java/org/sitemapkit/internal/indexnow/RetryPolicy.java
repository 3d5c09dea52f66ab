package org.sitemapkit.internal.indexnow;

import java.time.Duration;

/**
 * When a request the endpoint may take later is sent again: after an exponential back-off, or the
 * endpoint's {@code Retry-After} when longer, never above a cap, and at most {@code maxAttempts}
 * times in all. Apart from the sending, so that the waits are plain arithmetic a test can check.
 * Made by {@link IndexNowSubmitter.Tuning}, which checks the values.
 */
record RetryPolicy(Duration firstBackoff, Duration maxBackoff, int maxAttempts) {
    /** Whether attempt {@code attempt} (counted from 1) was the last one allowed. */
    boolean isLast(int attempt) {
        return attempt >= maxAttempts;
    }

    /** Exponential back-off, or the endpoint's {@code Retry-After} when longer; never above the cap. */
    Duration backoff(int attempt, Duration retryAfter) {
        Duration wait = firstBackoff;
        for (int i = 1; i < attempt && wait.compareTo(maxBackoff) < 0; i++) {
            wait = wait.multipliedBy(2);
        }
        if (retryAfter != null && retryAfter.compareTo(wait) > 0) {
            wait = retryAfter;
        }
        return wait.compareTo(maxBackoff) > 0 ? maxBackoff : wait;
    }
}
