package org.sitemapkit.internal.html;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.Map;

/** The HTML view's query string: parsed, or refused with null (a 400), never an exception. */
class QueryFuzzTest {
    @FuzzTest(maxDuration = "20s")
    void query(FuzzedDataProvider data) {
        Map<String, String> parsed = Query.parse(data.consumeRemainingAsString());
        assertTrue(parsed == null || parsed.values().stream().allMatch(v -> v != null));
    }
}
