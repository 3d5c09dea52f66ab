package org.sitemapkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The WebDriver client's JSON: what it writes reads back the same, and what chromedriver sends parses. */
class JsonTest {

    @Test
    void writesCompactJsonWithEscapes() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("s", "a\"b\\c\nd\u0001é");
        map.put("n", 30_000);
        map.put("b", true);
        map.put("z", null);
        map.put("l", List.of("x", 1.5));
        assertEquals(
                "{\"s\":\"a\\\"b\\\\c\\nd\\u0001é\",\"n\":30000,\"b\":true,\"z\":null,\"l\":[\"x\",1.5]}",
                Json.write(map));
    }

    @Test
    void readsWhatItWrites() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("text", "tab\t quote\" slash\\ \u2603");
        map.put("list", Arrays.asList(1L, -2.5, false, null, Map.of()));
        map.put("nested", Map.of("k", List.of()));
        assertEquals(map, Json.read(Json.write(map)));
    }

    @Test
    void readsAWebDriverResponse() {
        String body = " {\"value\" : [ {\"element-6066-11e4-a52e-4f735466cecf\": \"f.1\\u002F2\"} ],"
                + " \"n\": 1e3, \"none\": null }\n";
        Map<?, ?> parsed = (Map<?, ?>) Json.read(body);
        assertEquals(List.of(Map.of("element-6066-11e4-a52e-4f735466cecf", "f.1/2")), parsed.get("value"));
        assertEquals(1000.0, parsed.get("n"));
        assertNull(parsed.get("none"));
    }

    @Test
    void refusesMalformedJson() {
        for (String bad : List.of("", "{", "[1,]", "{\"a\" 1}", "\"open", "tru", "{} x", "[1 2]", "\"\\q\"")) {
            assertThrows(IllegalArgumentException.class, () -> Json.read(bad), bad);
        }
    }
}
