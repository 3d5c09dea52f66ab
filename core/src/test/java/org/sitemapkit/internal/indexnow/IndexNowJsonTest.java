package org.sitemapkit.internal.indexnow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class IndexNowJsonTest {
    /** As strict as RFC 8259: besides what Jackson refuses anyway, duplicate keys and trailing text. */
    private static final ObjectMapper STRICT = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    /** The value {@code text} holds: objects as maps in their order, arrays as lists, strings, numbers. */
    static Object parse(String text) {
        try {
            return STRICT.readValue(text, Object.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not JSON: " + e.getOriginalMessage(), e);
        }
    }

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
                parse(text));
        assertEquals(text.length(), body.length, "plain ASCII");
    }

    @Test
    void theReaderRefusesWhatRfc8259Does() {
        assertEquals(Map.of("a", List.of("b")), parse(" {\"a\": [\"b\"]}\n"));
        for (String bad : List.of("{\"a\":1,\"a\":2}", "{} {}", "\"a\u0001\"", "[1,]", "'a'", "01", "NaN", "")) {
            assertThrows(IllegalArgumentException.class, () -> parse(bad), bad);
        }
    }
}
