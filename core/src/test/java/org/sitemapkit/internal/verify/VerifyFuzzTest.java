package org.sitemapkit.internal.verify;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.List;
import java.util.Map;

/**
 * What a verified page sends is outside input: any bytes in its head, any X-Robots-Tag; so is a
 * stored page read back. The readers and the decision answer for all of it and never throw.
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

    /** A stored page is read back to pick the URLs to check: any bytes there are refused or read, never thrown. */
    @FuzzTest(maxDuration = "20s")
    void listedUrls(FuzzedDataProvider data) {
        int[] positions = data.consumeBoolean() ? null : new int[] {data.consumeInt(0, 10), data.consumeInt(11, 100)};
        byte[] page = data.consumeRemainingAsBytes();
        try {
            for (ListedUrls.Listed l : ListedUrls.read(new java.io.ByteArrayInputStream(page), positions)) {
                if (l.loc() == null || l.alternates() == null) {
                    throw new AssertionError("a listed URL always has a loc and alternates");
                }
            }
        } catch (java.io.IOException e) {
            // refused, as it should be
        }
    }

    @FuzzTest(maxDuration = "20s")
    void robotsDirectives(FuzzedDataProvider data) {
        String value = data.consumeRemainingAsString();
        RobotsDirectives.noindex(value);
        PageCheck.judge(
                "https://shop.example.com/p/1", Map.of(), new PageCheck.Answer(301, value, List.of(value), null));
    }
}
