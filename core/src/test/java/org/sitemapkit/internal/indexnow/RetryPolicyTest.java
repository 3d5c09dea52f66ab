package org.sitemapkit.internal.indexnow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.sitemapkit.internal.indexnow.IndexNowSubmitter.Tuning;

class RetryPolicyTest {
    @Test
    void backsOffExponentiallyUpToTheCap() {
        RetryPolicy policy = Tuning.PRODUCTION.retryPolicy();
        assertEquals(Duration.ofSeconds(1), policy.backoff(1, null));
        assertEquals(Duration.ofSeconds(2), policy.backoff(2, null));
        assertEquals(Duration.ofSeconds(16), policy.backoff(5, null));
        assertEquals(Duration.ofMinutes(5), policy.backoff(10, null));
        assertEquals(Duration.ofMinutes(5), policy.backoff(Integer.MAX_VALUE, null));
        assertEquals(Duration.ofSeconds(30), policy.backoff(1, Duration.ofSeconds(30)));
        assertEquals(Duration.ofSeconds(4), policy.backoff(3, Duration.ZERO));
        assertEquals(Duration.ofMinutes(5), policy.backoff(1, Duration.ofHours(1)));
    }

    @Test
    void theLastAttemptIsTheTuningsMaximum() {
        RetryPolicy policy = Tuning.PRODUCTION.retryPolicy();
        assertFalse(policy.isLast(5));
        assertTrue(policy.isLast(6));
        assertTrue(IndexNowSubmitterTest.tuning(20, 2_000, 1).retryPolicy().isLast(1));
    }
}
