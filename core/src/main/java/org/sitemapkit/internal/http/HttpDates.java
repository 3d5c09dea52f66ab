package org.sitemapkit.internal.http;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import org.sitemapkit.model.Lastmod;

/**
 * HTTP dates (IMF-fixdate) for Last-Modified, written as every container writes them. Every
 * request for a page sends its Last-Modified, which changes only when the page does, so the text
 * of the last few seconds formatted is kept and handed out again. Years 1 to 9999 are written by
 * hand: a {@code DateTimeFormatter} with day and month names loads locale data on its first use,
 * which a restarted application's first answer would wait for.
 */
public final class HttpDates {
    /** Day 0, 1970-01-01, was a Thursday. */
    private static final String[] DAYS = {"Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"};

    private static final String[] MONTHS = {
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"
    };

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
        String text;
        try {
            text = imf(second);
        } catch (IllegalArgumentException e) {
            text = Other.HTTP_DATE.format(Instant.ofEpochMilli(millis)); // a year a lastmod cannot have
        }
        CACHE[slot] = new Formatted(second, text);
        return text;
    }

    /**
     * {@code Sun, 06 Nov 1994 08:49:37 GMT}, from the lastmod's text of the same second
     * ({@code 1994-11-06T08:49:37Z}), which is written without {@code java.time} too.
     */
    private static String imf(long second) {
        String w = Lastmod.of(Instant.ofEpochSecond(second)).toString(); // refuses years past 1 to 9999
        return DAYS[(int) Math.floorMod(Math.floorDiv(second, 86_400L), 7L)] + ", " + w.substring(8, 10) + " "
                + MONTHS[Integer.parseInt(w.substring(5, 7)) - 1] + " " + w.substring(0, 4) + " " + w.substring(11, 19)
                + " GMT";
    }

    /** Years the hand-written text does not cover, loaded only when one comes. */
    private static final class Other {
        static final DateTimeFormatter HTTP_DATE = DateTimeFormatter.ofPattern(
                        "EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US)
                .withZone(ZoneOffset.UTC);
    }
}
