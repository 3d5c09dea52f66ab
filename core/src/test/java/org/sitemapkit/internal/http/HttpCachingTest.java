package org.sitemapkit.internal.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Accept-Encoding as RFC 9110 reads it, including the malformed values clients send. */
class HttpCachingTest {
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "gzip | true",
                "x-gzip | true",
                "GZIP;Q=0.5 | true",
                "gzip;q=0 | false",
                "gzip;q=0, * | false",
                "*;q=0.1 | true",
                "br, * ;q=0 | false",
                "identity | false",
                "; | false", // once an ArrayIndexOutOfBoundsException, answered 503
                ";;; | false",
                "gzip, ; | true",
                ", | false",
                "gzip;q= | false",
                "gzip;q=abc | false",
                "gzip;q=nan | false",
                "gzip;;;q=1 | true",
            })
    void acceptsGzip(String header, boolean expected) {
        assertEquals(expected, HttpCaching.acceptsGzip(header), header);
    }
}
