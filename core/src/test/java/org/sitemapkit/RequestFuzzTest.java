package org.sitemapkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import org.sitemapkit.internal.http.DocumentPath;
import org.sitemapkit.internal.http.HttpCaching;
import org.sitemapkit.internal.http.HttpDates;
import org.sitemapkit.internal.http.SiteResolver;
import org.sitemapkit.model.Site;

/**
 * What a client sends, fuzzed: header values (Accept-Encoding, If-None-Match, Host) and document paths are parsed without an exception
 * escaping, so no request can turn into a 5xx. Corpus and crashes: RequestFuzzTestInputs/.
 */
class RequestFuzzTest {
    @FuzzTest(maxDuration = "20s")
    void acceptEncoding(FuzzedDataProvider data) {
        HttpCaching.acceptsGzip(data.consumeRemainingAsString());
    }

    @FuzzTest(maxDuration = "20s")
    void ifNoneMatch(FuzzedDataProvider data) {
        String etag = data.consumeString(40);
        String header = data.consumeRemainingAsString();
        boolean match = HttpCaching.matches(header, etag);
        if (header.trim().equals(etag)
                && !etag.isEmpty()
                && !etag.contains(",")
                && etag.strip().equals(etag)) {
            assertTrue(match, () -> "its own ETag " + etag + " did not match");
        }
    }

    /**
     * If-Modified-Since, which a client sends as it likes: parsed to a time or ignored (-1), never
     * an exception; a date it formats itself reads back as the same second.
     */
    @FuzzTest(maxDuration = "20s")
    void ifModifiedSince(FuzzedDataProvider data) {
        long millis = data.consumeLong(0, 253_402_300_799_000L); // up to 9999-12-31
        String header = data.consumeRemainingAsString();
        long parsed = HttpCaching.httpDate(header);
        assertTrue(parsed >= -1, () -> header + " gave " + parsed);
        String own = HttpDates.format(millis);
        assertEquals(millis / 1000 * 1000, HttpCaching.httpDate(own), own);
    }

    /** Whatever the Host header, it is parsed or refused, and a site is made of it or refused with IAE. */
    @FuzzTest(maxDuration = "20s")
    void host(FuzzedDataProvider data) {
        String contextPath = data.consumeBoolean() ? "" : "/" + data.consumeString(16);
        SiteResolver.HostHeader host = SiteResolver.HostHeader.parse(data.consumeRemainingAsString());
        if (host == null) {
            return;
        }
        try {
            Site.of("http", host.name(), host.port(), contextPath);
        } catch (IllegalArgumentException e) {
            // refused: SiteResolver logs it and answers as for an unserved host
        }
    }

    @FuzzTest(maxDuration = "20s")
    void documentPath(FuzzedDataProvider data) {
        String key = data.consumeBoolean() ? data.consumeString(64) : null;
        DocumentPath.parse(data.consumeRemainingAsString(), key);
    }
}
