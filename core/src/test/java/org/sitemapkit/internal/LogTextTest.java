package org.sitemapkit.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

class LogTextTest {
    @Test
    void dataCannotForgeALogLine() {
        String forged = "https://x.example/a\nINFO fake: all good\r\u2028\u0085\u001b[31m";
        String quoted = LogText.quote(forged);
        assertFalse(
                quoted.contains("\n")
                        || quoted.contains("\r")
                        || quoted.contains("\u2028")
                        || quoted.contains("\u0085")
                        || quoted.contains("\u001b"),
                quoted);
        assertEquals("\"https://x.example/a\\u000aINFO fake: all good\\u000d\\u2028\\u0085\\u001b[31m\"", quoted);
        assertEquals("\"a\\u0022b\"", LogText.quote("a\"b"));
        assertEquals(205, LogText.quote("x".repeat(1000)).length(), "cut at 200 characters");
    }
}
