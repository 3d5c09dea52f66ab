package org.sitemapkit.internal.indexnow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sitemapkit.internal.indexnow.IndexNowClient.Outcome;
import org.sitemapkit.internal.indexnow.IndexNowClient.Verdict;
import org.sitemapkit.internal.indexnow.RecordingServer.Reply;

/** The protocol alone: one attempt each, its answer read, no queue and no retry. */
class IndexNowClientTest {
    @Test
    void readsEachAnswerAsAcceptedRefusedOrRetry() throws Exception {
        try (RecordingServer server = new RecordingServer(
                Reply.status(202),
                Reply.status(403, "no key"),
                Reply.status(503).header("Retry-After", "7"),
                Reply.status(429),
                Reply.abort())) {
            IndexNowClient client = new IndexNowClient(
                    server.endpoint(),
                    IndexNowSubmitterTest.KEY,
                    IndexNowSubmitterTest.WAIT,
                    IndexNowClient.newClient());
            IndexNowClient.Post post =
                    client.post(IndexNowSubmitterTest.SITE, IndexNowSubmitterTest.urls(IndexNowSubmitterTest.SITE, 2));
            assertEquals(IndexNowSubmitterTest.KEY_LOCATION, post.keyLocation());

            assertEquals(new Outcome(Verdict.ACCEPTED, 202, "answered 202", null), client.send(post));
            assertEquals(
                    new Outcome(
                            Verdict.REFUSED,
                            403,
                            "answered 403 (key not valid: " + IndexNowSubmitterTest.KEY_LOCATION
                                    + " not found, or its content is not the key), body \"no key\"",
                            null),
                    client.send(post));
            assertEquals(new Outcome(Verdict.RETRY, 503, "answered 503", Duration.ofSeconds(7)), client.send(post));
            assertEquals(new Outcome(Verdict.RETRY, 429, "answered 429", null), client.send(post));
            Outcome failed = client.send(post);
            assertEquals(Verdict.RETRY, failed.verdict());
            assertEquals(0, failed.status());
            assertTrue(failed.detail().startsWith("failed: \"java."), failed.detail());

            List<RecordingServer.Request> requests = server.requests();
            assertEquals(5, requests.size());
            assertEquals(
                    1,
                    requests.stream()
                            .map(RecordingServer.Request::body)
                            .distinct()
                            .count(),
                    "one body");
            assertEquals(
                    IndexNowSubmitterTest.urls(IndexNowSubmitterTest.SITE, 2),
                    IndexNowSubmitterTest.urlList(requests.get(0)));
        }
    }

    @Test
    void readsRetryAfterAsSecondsOrDate() {
        Instant now = Instant.parse("2026-01-02T03:04:05Z");
        String later =
                DateTimeFormatter.RFC_1123_DATE_TIME.format(now.plusSeconds(90).atOffset(ZoneOffset.UTC));
        String earlier =
                DateTimeFormatter.RFC_1123_DATE_TIME.format(now.minusSeconds(90).atOffset(ZoneOffset.UTC));
        assertEquals(Duration.ofSeconds(120), IndexNowClient.retryAfter("120", now));
        assertEquals(Duration.ofSeconds(5), IndexNowClient.retryAfter(" 5 ", now));
        assertEquals(Duration.ofSeconds(90), IndexNowClient.retryAfter(later, now));
        assertEquals(Duration.ZERO, IndexNowClient.retryAfter(earlier, now));
        assertNull(IndexNowClient.retryAfter("soon", now));
        assertNull(IndexNowClient.retryAfter("-1", now));
        assertNull(IndexNowClient.retryAfter("1.5", now));
        assertNull(IndexNowClient.retryAfter("99999999999999999999", now));
    }
}
