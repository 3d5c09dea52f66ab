package org.sitemapkit.internal.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Where checks go, from the address a request arrived on, and where a page's head ends. */
class VerifierTest {
    @Test
    void theAddressARequestArrivedOnIsWhereChecksGo() {
        assertEquals("http://127.0.0.1:8080", Verifier.origin("127.0.0.1", 8080).toString());
        assertEquals("http://127.0.0.1:8080", Verifier.origin("0.0.0.0", 8080).toString(), "a wildcard: loopback");
        assertEquals("http://[::1]:8080", Verifier.origin("::", 8080).toString());
        assertEquals(
                "http://[fe80::1]:8443", Verifier.origin("fe80::1%eth0", 8443).toString(), "no zone in a URI");
        assertEquals("http://10.0.0.5:80", Verifier.origin("10.0.0.5", 80).toString());
        assertNull(Verifier.origin(null, 8080));
        assertNull(Verifier.origin("127.0.0.1", 0));
        assertNull(Verifier.origin("not an address", 8080));
    }

    @Test
    void theHeadEndsAtItsEndTagOrTheBody() {
        assertTrue(Loopback.HeadBytes.headEnded(bytes("<html><head><title>x</title></HEAD>"), 0));
        assertTrue(Loopback.HeadBytes.headEnded(bytes("<html><title>x</title><Body class=a>"), 0));
        assertFalse(Loopback.HeadBytes.headEnded(bytes("<html><head><title>x</title><link rel=x>"), 0));
        assertFalse(Loopback.HeadBytes.headEnded(bytes("</hea"), 0));
    }

    @Test
    void inOriginFormLinksToTheOriginAreLinksToTheListedHost() {
        Loopback l = new Loopback(java.net.URI.create("http://127.0.0.1:8080"), Runnable::run);
        try {
            String listed = "https://shop.example.com";
            assertEquals("https://shop.example.com/p/1", l.translate("http://127.0.0.1:8080/p/1", listed));
            assertEquals("https://shop.example.com?a=1", l.translate("HTTP://127.0.0.1:8080?a=1", listed));
            assertEquals("http://127.0.0.1:80801/p", l.translate("http://127.0.0.1:80801/p", listed), "another port");
            assertEquals("https://cdn.example.com/p", l.translate("https://cdn.example.com/p", listed));
            assertEquals("/relative", l.translate("/relative", listed));
            assertNull(l.translate(null, listed));
        } finally {
            l.close();
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
