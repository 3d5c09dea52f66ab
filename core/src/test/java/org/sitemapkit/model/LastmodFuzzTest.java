package org.sitemapkit.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Lastmod texts as a store's metadata or a previous page holds them (read back by the index and
 * by {@code lastmod=content}): {@link Lastmod#parse} gives what java.time's parsers give, the same
 * lastmod or the same refusal, through its fast path for the forms SitemapKit writes or not.
 */
class LastmodFuzzTest {
    @FuzzTest(maxDuration = "20s")
    void parse(FuzzedDataProvider data) {
        String text = data.consumeRemainingAsString();
        Lastmod expected;
        try {
            expected = ModelTest.parsedByJavaTime(text);
        } catch (IllegalArgumentException | NullPointerException e) {
            assertThrows(RuntimeException.class, () -> Lastmod.parse(text), text);
            return;
        }
        Lastmod parsed = Lastmod.parse(text);
        assertEquals(expected, parsed, text);
        assertEquals(expected.toString(), parsed.toString(), text);
    }
}
