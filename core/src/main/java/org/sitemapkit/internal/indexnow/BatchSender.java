package org.sitemapkit.internal.indexnow;

import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.sitemapkit.internal.RateLimit;
import org.sitemapkit.model.Site;

/**
 * Carries one batch to its end, accepted, refused or given up, by sending it through the protocol
 * client as often as the retry policy allows, and logs that end once. Refusals, which a bad key
 * repeats for every batch, get at most one line a minute, and the rest are counted.
 */
final class BatchSender {
    /** The submitter's logger, which is the one users configure for IndexNow. */
    private static final System.Logger LOG = System.getLogger(IndexNowSubmitter.class.getName());

    private final IndexNowClient client;
    private final RetryPolicy retry;
    private final RateLimit refusedLog = new RateLimit(IndexNowSubmitter.WARNING_INTERVAL_MILLIS);
    /** Requests the endpoint refused since the last warning that counted them, and their URLs. */
    private final AtomicLong unreportedRefusals = new AtomicLong();

    private final AtomicLong unreportedRefusedUrls = new AtomicLong();

    /** URLs accepted, refused, and given up after every attempt failed, since the start; for the status. */
    final LongAdder acceptedUrls = new LongAdder();

    final LongAdder refusedUrls = new LongAdder();
    /** What became of the last URLs sent, for explaining one. */
    final SentLog sent = new SentLog();

    final LongAdder failedUrls = new LongAdder();

    BatchSender(IndexNowClient client, RetryPolicy retry) {
        this.client = Objects.requireNonNull(client, "client");
        this.retry = Objects.requireNonNull(retry, "retry");
    }

    /**
     * Sends URLs of one site, at most the protocol's limit, until they are accepted, refused, or have
     * failed on every attempt the policy allows.
     *
     * @throws InterruptedException if the thread is interrupted, waiting or sending
     */
    void send(Site site, List<String> batch) throws InterruptedException {
        IndexNowClient.Post post = client.post(site, batch);
        for (int attempt = 1; ; attempt++) {
            IndexNowClient.Outcome outcome = client.send(post);
            switch (outcome.verdict()) {
                case ACCEPTED:
                    acceptedUrls.add(batch.size());
                    sent.record(batch, "accepted by " + client.endpoint() + " (" + outcome.status() + ")");
                    LOG.log(
                            Level.INFO,
                            "sitemapkit: IndexNow accepted " + batch.size() + " URLs of " + site.host() + " ("
                                    + outcome.status() + ")");
                    return;
                case REFUSED:
                    refusedUrls.add(batch.size());
                    sent.record(batch, "refused by " + client.endpoint() + " (" + outcome.status() + ")");
                    refused(site, batch.size(), outcome);
                    return;
                default:
                    break;
            }
            if (retry.isLast(attempt)) {
                failedUrls.add(batch.size());
                sent.record(batch, "dropped after " + attempt + " attempts to " + client.endpoint());
                LOG.log(
                        Level.WARNING,
                        "sitemapkit: IndexNow dropped " + batch.size() + " URLs of " + site.host() + " after " + attempt
                                + " attempts: " + client.endpoint() + " " + outcome.detail());
                return;
            }
            Duration wait = retry.backoff(attempt, outcome.retryAfter());
            LOG.log(
                    Level.DEBUG,
                    "sitemapkit: IndexNow attempt " + attempt + " " + outcome.detail() + "; retrying in "
                            + wait.toMillis() + " ms");
            TimeUnit.NANOSECONDS.sleep(wait.toNanos());
        }
    }

    private void refused(Site site, int urls, IndexNowClient.Outcome outcome) {
        if (!refusedLog.tryLog()) {
            unreportedRefusals.incrementAndGet();
            unreportedRefusedUrls.addAndGet(urls);
            return;
        }
        long earlier = unreportedRefusals.getAndSet(0);
        long earlierUrls = unreportedRefusedUrls.getAndSet(0);
        LOG.log(
                Level.WARNING,
                "sitemapkit: IndexNow refused " + urls + " URLs of " + site.host() + ": " + client.endpoint() + " "
                        + outcome.detail() + "; dropped without retry"
                        + (earlier > 0
                                ? " (and " + earlier + " requests with " + earlierUrls
                                        + " URLs since the last such line)"
                                : ""));
    }

    /**
     * The refusals not logged on their own since the last line that counted them, for the closing
     * line, such as {@code 2 requests with 15000 URLs refused earlier without their own line}; null
     * when there were none. Counts them as reported.
     */
    String takeUnreportedRefusals() {
        long refusals = unreportedRefusals.getAndSet(0);
        long refusedUrls = unreportedRefusedUrls.getAndSet(0);
        return refusals > 0
                ? refusals + " requests with " + refusedUrls + " URLs refused earlier without their own line"
                : null;
    }
}
