package org.sitemapkit.internal.indexnow;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** What became of the last URLs sent: the newest word per URL, and no more than its bound. */
class SentLogTest {
    @Test
    void theNewestWordWinsAndTheOldestUrlsLeave() {
        SentLog log = new SentLog();
        log.record(List.of("https://a.example.com/1"), "queued");
        log.record(List.of("https://a.example.com/1"), "accepted by https://api.indexnow.org/indexnow (202)");
        assertTrue(log.get("https://a.example.com/1")
                .startsWith("accepted by https://api.indexnow.org/indexnow (202) at "));
        log.record(
                IntStream.range(0, SentLog.MAX)
                        .mapToObj(i -> "https://a.example.com/p/" + i)
                        .toList(),
                "queued");
        assertNull(log.get("https://a.example.com/1"), "pushed out by 10,000 newer URLs");
        assertNotNull(log.get("https://a.example.com/p/0"));
    }
}
