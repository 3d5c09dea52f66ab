package org.sitemapkit.internal.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
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

    @Test
    void theSameValueAgainGetsTheSameAnswerAndAnotherValueItsOwn() {
        // the last value read is kept: a value asked again, then in turn with others, answers as parsed
        for (int i = 0; i < 3; i++) {
            assertTrue(HttpCaching.acceptsGzip("gzip, deflate, br"));
            assertTrue(HttpCaching.acceptsGzip("gzip, deflate, br"));
            assertFalse(HttpCaching.acceptsGzip("gzip;q=0, deflate, br"));
            assertFalse(HttpCaching.acceptsGzip("identity"));
            assertTrue(HttpCaching.acceptsGzip("x-gzip"));
        }
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "\"a-gz\" | \"a-gz\" | true",
                "W/\"a-gz\" | \"a-gz\" | true",
                "\"b\", \"a-gz\" | \"a-gz\" | true",
                "* | \"a-gz\" | true",
                "\"a\" | \"a-gz\" | false",
                "\"a,b\" | \"a,b\" | false", // a comma splits the list, as before the exact match came first
            })
    void ifNoneMatch(String ifNoneMatch, String etag, boolean expected) {
        assertEquals(expected, HttpCaching.matches(ifNoneMatch, etag), ifNoneMatch);
    }
}
