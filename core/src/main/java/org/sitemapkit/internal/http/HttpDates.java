package org.sitemapkit.internal.http;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** HTTP dates (IMF-fixdate) for Last-Modified, written as every container writes them. */
public final class HttpDates {
    private static final DateTimeFormatter HTTP_DATE = DateTimeFormatter.ofPattern(
                    "EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US)
            .withZone(ZoneOffset.UTC);

    private HttpDates() {}

    public static String format(long millis) {
        return HTTP_DATE.format(Instant.ofEpochMilli(millis));
    }
}
