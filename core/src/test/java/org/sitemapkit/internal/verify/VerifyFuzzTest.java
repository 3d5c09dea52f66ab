package org.sitemapkit.internal.verify;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.List;
import java.util.Map;

/**
 * What a verified page sends is outside input: any bytes in its head, any X-Robots-Tag. The
 * readers and the decision answer for all of it and never throw.
 */
class VerifyFuzzTest {

    @FuzzTest(maxDuration = "20s")
    void htmlHead(FuzzedDataProvider data) {
        String location = data.consumeString(100);
        HtmlHead head = HtmlHead.read(data.consumeRemainingAsString());
        if (head.robots() == null || head.canonicals() == null || head.alternates() == null) {
            throw new AssertionError("a head always has lists");
        }
        PageCheck.judge(
                "https://shop.example.com/p/1",
                Map.of("de", "https://shop.example.com/de/p/1"),
                new PageCheck.Answer(200, location, List.of(), head));
    }

    @FuzzTest(maxDuration = "20s")
    void robotsDirectives(FuzzedDataProvider data) {
        String value = data.consumeRemainingAsString();
        RobotsDirectives.noindex(value);
        PageCheck.judge(
                "https://shop.example.com/p/1", Map.of(), new PageCheck.Answer(301, value, List.of(value), null));
    }
}
