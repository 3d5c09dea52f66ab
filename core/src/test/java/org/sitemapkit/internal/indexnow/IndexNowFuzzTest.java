package org.sitemapkit.internal.indexnow;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.time.Duration;
import java.time.Instant;

/**
 * What an IndexNow endpoint answers, fuzzed: its Retry-After header becomes a wait that is never
 * negative, and its body a log quote of one line. Corpus and crashes: IndexNowFuzzTestInputs/.
 */
class IndexNowFuzzTest {
    private static final Instant NOW = Instant.parse("2026-11-25T06:00:00Z");

    @FuzzTest(maxDuration = "20s")
    void retryAfter(FuzzedDataProvider data) {
        Duration wait = IndexNowClient.retryAfter(data.consumeRemainingAsString(), NOW);
        if (wait != null) {
            assertFalse(wait.isNegative(), () -> "negative wait " + wait);
        }
    }

    @FuzzTest(maxDuration = "20s")
    void answerBody(FuzzedDataProvider data) {
        String quoted = IndexNowClient.bodyText(data.consumeRemainingAsBytes());
        assertTrue(quoted.lines().count() <= 1, () -> "more than one log line: " + quoted);
    }
}
