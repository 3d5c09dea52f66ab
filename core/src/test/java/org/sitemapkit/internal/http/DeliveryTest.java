package org.sitemapkit.internal.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sitemapkit.internal.Gzip;

/** What is sent for a stored document, decided from the request's headers alone (RFC 9110). */
class DeliveryTest {
    static final byte[] XML = "<urlset></urlset>".getBytes(StandardCharsets.UTF_8);
    static final byte[] GZIP = Gzip.compress(XML, 6);
    static final long MODIFIED = 1_700_000_000_000L;
    final Delivery delivery = new Delivery(Duration.ofMinutes(15));

    Answer page(TestExchange request, boolean gzipFile) {
        return delivery.document(request, null, GZIP, XML.length, "tag", MODIFIED, "application/xml", gzipFile);
    }

    static Map<String, String> headers(Answer a) {
        Map<String, String> out = new LinkedHashMap<>();
        a.headers().forEach(h -> out.put(h[0], h[1]));
        return out;
    }

    static byte[] body(Answer a) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        a.writeBody(out);
        return out.toByteArray();
    }

    @Test
    void aClientThatTakesGzipGetsTheStoredBytesAndItsOwnEtag() throws IOException {
        Answer a = page(TestExchange.of("GET", "Accept-Encoding", "gzip"), false);
        assertEquals(200, a.status());
        Map<String, String> h = headers(a);
        assertEquals("\"tag-gz\"", h.get("ETag"));
        assertEquals("gzip", h.get("Content-Encoding"));
        assertEquals("Accept-Encoding", h.get("Vary"));
        assertEquals("public, max-age=900", h.get("Cache-Control"));
        assertEquals(HttpDates.format(MODIFIED), h.get("Last-Modified"));
        assertEquals(GZIP.length, a.length());
        assertArrayEquals(GZIP, a.storedBytes(), "no copy");
    }

    @Test
    void aClientThatTakesNoGzipGetsItInflatedUnderAnotherEtag() throws IOException {
        Answer a = page(TestExchange.of("GET"), false);
        assertEquals("\"tag\"", headers(a).get("ETag"));
        assertNull(headers(a).get("Content-Encoding"));
        assertEquals(XML.length, a.length());
        assertArrayEquals(XML, body(a));
    }

    @Test
    void aMatchingValidatorGets304WithTheLengthAndNoBody() throws IOException {
        Answer byTag = page(TestExchange.of("GET", "Accept-Encoding", "gzip", "If-None-Match", "\"tag-gz\""), false);
        assertEquals(304, byTag.status());
        assertTrue(byTag.bodiless());
        assertNull(byTag.contentType());
        assertEquals(0, body(byTag).length);
        Answer otherEncoding = page(TestExchange.of("GET", "If-None-Match", "\"tag-gz\""), false);
        assertEquals(200, otherEncoding.status(), "the gzip tag does not match the inflated document");
        Answer byDate = page(TestExchange.of("GET", "If-Modified-Since", HttpDates.format(MODIFIED)), false);
        assertEquals(304, byDate.status());
        Answer tagWins = page(
                TestExchange.of("GET", "If-None-Match", "\"other\"", "If-Modified-Since", HttpDates.format(MODIFIED)),
                false);
        assertEquals(200, tagWins.status(), "If-None-Match decides when present");
    }

    @Test
    void headSendsTheHeadersAndTheLengthOfTheBodyItLeavesOut() throws IOException {
        Answer a = page(TestExchange.of("HEAD", "Accept-Encoding", "gzip"), false);
        assertEquals(200, a.status());
        assertTrue(a.bodiless());
        assertEquals(GZIP.length, a.length());
        assertEquals(0, body(a).length);
    }

    @Test
    void aGzipFileIsSentAsItIsToEveryClientWithNoVary() {
        Answer a = page(TestExchange.of("GET"), true);
        assertEquals("\"tag-gz\"", headers(a).get("ETag"));
        assertFalse(headers(a).containsKey("Vary"));
        assertFalse(headers(a).containsKey("Content-Encoding"), "the file is gzip; the transfer is not");
        assertEquals(GZIP.length, a.length());
    }

    @Test
    void aTextDocumentHasAStrongValidatorAnd304() {
        Delivery.Text robots = new Delivery.Text("User-agent: *\n".getBytes(StandardCharsets.UTF_8));
        Answer first = delivery.text(TestExchange.of("GET"), robots);
        assertEquals(200, first.status());
        assertEquals("text/plain; charset=UTF-8", first.contentType());
        Answer again = delivery.text(
                TestExchange.of("GET", "If-None-Match", headers(first).get("ETag")), robots);
        assertEquals(304, again.status());
    }

    @Test
    void aPageMadeForOneRequestIsNeverStored() {
        Answer a = Delivery.unstored(TestExchange.of("GET"), GZIP, XML.length, "text/html; charset=UTF-8");
        assertEquals("no-store", headers(a).get("Cache-Control"));
        assertEquals("noindex", headers(a).get("X-Robots-Tag"));
        assertEquals(XML.length, a.length());
        assertEquals(
                "no-store",
                headers(Delivery.plain(Answer.status(503), "busy\n")).get("Cache-Control"));
    }

    @Test
    void aDocumentAskedAgainGetsTheSameHeadersAndAChangedOneItsOwn() {
        TestExchange gzip = TestExchange.of("GET", "Accept-Encoding", "gzip");
        Answer first = page(gzip, false);
        Answer again = page(gzip, false);
        assertEquals(headers(first), headers(again));
        assertEquals("\"tag\"", headers(page(TestExchange.of("GET"), false)).get("ETag"), "each encoding its own");
        Answer changed =
                delivery.document(gzip, null, GZIP, XML.length, "other", MODIFIED + 5_000, "application/xml", false);
        assertEquals("\"other-gz\"", headers(changed).get("ETag"));
        assertEquals(HttpDates.format(MODIFIED + 5_000), headers(changed).get("Last-Modified"));
        Answer undated = delivery.document(gzip, null, GZIP, XML.length, "other", -1, "application/xml", false);
        assertFalse(headers(undated).containsKey("Last-Modified"));
        Answer html = delivery.document(
                gzip, new String[] {"Content-Security-Policy", "x"}, GZIP, XML.length, "other", -1, "text/html", false);
        assertEquals(
                java.util.List.of(
                        "Content-Security-Policy", "ETag", "Vary", "X-Robots-Tag", "Cache-Control", "Content-Encoding"),
                html.headers().stream().map(h -> h[0]).toList());
        assertEquals("text/html", html.contentType());
        Answer notModified =
                page(TestExchange.of("GET", "Accept-Encoding", "gzip", "If-None-Match", "\"tag-gz\""), false);
        assertFalse(headers(notModified).containsKey("Content-Encoding"), "a 304 has no Content-Encoding");
        assertEquals(headers(first).get("Last-Modified"), headers(notModified).get("Last-Modified"));
    }
}
