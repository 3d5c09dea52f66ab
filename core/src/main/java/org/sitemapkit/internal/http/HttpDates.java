package org.sitemapkit.internal.http;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * HTTP dates (IMF-fixdate) for Last-Modified, written as every container writes them. Every
 * request for a page sends its Last-Modified, which changes only when the page does, so the text
 * of the last few seconds formatted is kept and handed out again.
 */
public final class HttpDates {
    private static final DateTimeFormatter HTTP_DATE = DateTimeFormatter.ofPattern(
                    "EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US)
            .withZone(ZoneOffset.UTC);

    /** A power of two: the slots of the cache, one second each, picked by the second. */
    private static final int SLOTS = 64;

    /**
     * Written and read without locks: an entry's fields are final, so a thread sees a whole entry
     * or none, and a lost write only costs a format.
     */
    private static final Formatted[] CACHE = new Formatted[SLOTS];

    private HttpDates() {}

    /** One second and its text. */
    private static final class Formatted {
        final long second;
        final String text;

        Formatted(long second, String text) {
            this.second = second;
            this.text = text;
        }
    }

    public static String format(long millis) {
        long second = Math.floorDiv(millis, 1000);
        int slot = Long.hashCode(second) & (SLOTS - 1);
        Formatted f = CACHE[slot];
        if (f != null && f.second == second) {
            return f.text;
        }
        String text = HTTP_DATE.format(Instant.ofEpochMilli(millis));
        CACHE[slot] = new Formatted(second, text);
        return text;
    }
}
