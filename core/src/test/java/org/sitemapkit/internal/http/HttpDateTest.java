package org.sitemapkit.internal.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * If-Modified-Since in all three formats RFC 9110 §5.6.7 says a recipient must accept, as
 * servlet containers' getDateHeader read them (the servlet filter used it before the serving
 * logic became servlet-free): IMF-fixdate, RFC 850, asctime, and a wrong day name.
 */
class HttpDateTest {
    /** Last-Modified: Sun, 06 Nov 1994 08:49:37 GMT */
    private static final long LAST_MODIFIED = 784111777000L;

    private static Exchange with(Map<String, String> headers) {
        return new Exchange() {
            public String method() {
                return "GET";
            }

            public String header(String name) {
                return headers.get(name);
            }

            public String query() {
                return null;
            }

            public String path() {
                return "/sitemap.xml";
            }

            public String uri() {
                return "/sitemap.xml";
            }

            public String scheme() {
                return "http";
            }

            public int localPort() {
                return 80;
            }

            public String contextPath() {
                return "";
            }
        };
    }

    @Test
    void imfFixdate() {
        assertTrue(HttpCaching.notModified(
                with(Map.of("If-Modified-Since", "Sun, 06 Nov 1994 08:49:37 GMT")), "\"x\"", LAST_MODIFIED));
    }

    @Test
    void rfc850Date() {
        assertTrue(HttpCaching.notModified(
                with(Map.of("If-Modified-Since", "Sunday, 06-Nov-94 08:49:37 GMT")), "\"x\"", LAST_MODIFIED));
    }

    @Test
    void asctimeDate() {
        assertTrue(HttpCaching.notModified(
                with(Map.of("If-Modified-Since", "Sun Nov  6 08:49:37 1994")), "\"x\"", LAST_MODIFIED));
    }

    @Test
    void aWrongDayNameIsStillTheDate() {
        // Tomcat's and Jetty's parsers accept it
        assertTrue(HttpCaching.notModified(
                with(Map.of("If-Modified-Since", "Mon, 06 Nov 1994 08:49:37 GMT")), "\"x\"", LAST_MODIFIED));
    }

    @Test
    void impossibleAndFutureDatesAreIgnored() {
        assertEquals(-1, HttpCaching.httpDate("Sat, 31 Feb 2026 08:49:37 GMT"), "no 31 February");
        assertEquals(-1, HttpCaching.httpDate("Sun, 06 Nov 1994 24:00:00 GMT"));
        assertEquals(-1, HttpCaching.httpDate("Sun, 06 nov 1994 08:49:37 GMT".replace("nov", "Nov") + " trailing"));
        // a date after now would make every document a 304
        assertFalse(HttpCaching.notModified(
                with(Map.of("If-Modified-Since", "Fri, 01 Jan 2100 00:00:00 GMT")), "\"x\"", LAST_MODIFIED));
    }
}
