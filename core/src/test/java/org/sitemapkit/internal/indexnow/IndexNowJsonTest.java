package org.sitemapkit.internal.indexnow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sitemapkit.testsupport.Json;

class IndexNowJsonTest {
    static String string(String s) {
        StringBuilder out = new StringBuilder();
        IndexNowJson.string(out, s);
        return out.toString();
    }

    @Test
    void escapesWhatJsonRequiresAndEverythingOutsidePrintableAscii() {
        assertEquals("\"a\\\"b\\\\c/d\"", string("a\"b\\c/d"));
        assertEquals("\"\\u0000\\u0009\\u000a\\u001f \\u007f\"", string("\u0000\t\n\u001f \u007f"));
        assertEquals("\"\\u00e9\\u2028\\ud83d\\ude00\"", string("\u00e9\u2028\ud83d\ude00"));
        assertEquals("\"\\ud800x\"", string("\ud800x"), "an unpaired surrogate survives as an escape");
    }

    @Test
    void everyCharacterReadsBack() {
        StringBuilder all = new StringBuilder();
        for (char c = 0; c < 0x800; c++) {
            all.append(c);
        }
        String url = "https://www.example.org/" + all;
        byte[] body = IndexNowJson.body(
                "www.example.org",
                "k-12345678",
                "https://www.example.org/k-12345678.txt",
                List.of(url, "https://www.example.org/2"));
        String text = new String(body, StandardCharsets.US_ASCII);
        assertEquals(
                Map.of(
                        "host", "www.example.org",
                        "key", "k-12345678",
                        "keyLocation", "https://www.example.org/k-12345678.txt",
                        "urlList", List.of(url, "https://www.example.org/2")),
                Json.parse(text));
        assertEquals(text.length(), body.length, "plain ASCII");
    }
}
