package org.sitemapkit.servlet;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * What a client sends, fuzzed: header values and document paths are parsed without an exception
 * escaping, so no request can turn into a 5xx. Corpus and crashes: RequestFuzzTestInputs/.
 */
class RequestFuzzTest {
    @FuzzTest(maxDuration = "20s")
    void acceptEncoding(FuzzedDataProvider data) {
        HttpCaching.acceptsGzip(data.consumeRemainingAsString());
    }

    @FuzzTest(maxDuration = "20s")
    void documentPath(FuzzedDataProvider data) {
        String key = data.consumeBoolean() ? data.consumeString(64) : null;
        DocumentPath.parse(data.consumeRemainingAsString(), key);
    }
}
