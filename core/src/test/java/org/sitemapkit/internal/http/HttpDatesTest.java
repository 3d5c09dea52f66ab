package org.sitemapkit.internal.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Last-Modified, written by hand and from the cache of formatted seconds, is the formatter's text, whatever came before. */
class HttpDatesTest {
    private static final DateTimeFormatter EXPECTED = DateTimeFormatter.ofPattern(
                    "EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US)
            .withZone(ZoneOffset.UTC);

    private static void check(long millis) {
        assertEquals(EXPECTED.format(Instant.ofEpochMilli(millis)), HttpDates.format(millis), "at " + millis);
    }

    @Test
    void knownDate() {
        assertEquals("Sun, 06 Nov 1994 08:49:37 GMT", HttpDates.format(784111777000L));
        assertEquals("Sun, 06 Nov 1994 08:49:37 GMT", HttpDates.format(784111777999L));
        assertEquals("Sun, 06 Nov 1994 08:49:38 GMT", HttpDates.format(784111778000L));
    }

    @Test
    void secondsThatShareASlotAndMillisWithinASecond() {
        long base = 1_752_685_910_000L;
        for (int round = 0; round < 3; round++) {
            for (long s = 0; s < 300; s++) {
                check(base + s * 1000);
                check(base + s * 1000 + 999);
                check(base + s * 64_000); // the same slot, another second
            }
        }
        check(0);
        check(-1); // 1969-12-31T23:59:59Z: the second before, not the second of 0
        check(-1000);
        check(-1001);
    }

    @Test
    void randomMillis() {
        Random random = new Random(25);
        for (int i = 0; i < 20_000; i++) {
            long millis = random.nextLong() % 4_102_444_800_000L; // years 1840 to 2100
            check(millis);
            check(millis); // now from the cache
        }
    }

    /** The hand-written years 1 to 9999, their edges, and the formatter's text beyond them. */
    @Test
    void everyYearTheFormatterWrites() {
        long first = -62_135_596_800_000L; // 0001-01-01T00:00:00Z
        long end = 253_402_300_800_000L; // 10000-01-01T00:00:00Z
        for (long edge : new long[] {first, end}) {
            for (long d = -3 * 86_400_000L; d <= 3 * 86_400_000L; d += 3_600_000L - 1) {
                check(edge + d);
            }
        }
        Random random = new Random(9999);
        for (int i = 0; i < 200_000; i++) {
            check(first + Math.floorMod(random.nextLong(), end - first + 1_000_000_000_000L));
        }
    }
}
