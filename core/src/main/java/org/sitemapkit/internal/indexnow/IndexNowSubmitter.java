package org.sitemapkit.internal.indexnow;

import java.lang.System.Logger.Level;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.sitemapkit.internal.LogText;
import org.sitemapkit.internal.RateLimit;
import org.sitemapkit.internal.Threads;
import org.sitemapkit.internal.status.IndexNowStatus;
import org.sitemapkit.model.Site;

/**
 * Tells an IndexNow endpoint which URLs of a site changed, off the caller's thread: render threads
 * hand URLs over and return at once, and one daemon thread posts them, at most 10,000 a request,
 * retrying what the protocol says may be retried. A slow or failing endpoint costs the caller
 * nothing; what cannot be sent is dropped with a log line, never silently.
 *
 * <p>This class is the queue, its worker (a loop on SitemapKit's {@link Threads}) and its shutdown; each batch goes to a {@link
 * BatchSender}, which retries as the {@link RetryPolicy} says through an {@link IndexNowClient}.
 */
public final class IndexNowSubmitter implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(IndexNowSubmitter.class.getName());

    /** The protocol's limit of URLs in one request. */
    static final int MAX_URLS_PER_REQUEST = 10_000;

    /** At most one warning of a kind a minute, so that a failing endpoint cannot flood the log. */
    static final long WARNING_INTERVAL_MILLIS = 60_000;

    /** The knobs a test turns; {@link #PRODUCTION} otherwise. */
    record Tuning(
            Duration firstBackoff, Duration maxBackoff, int maxAttempts, long maxPendingUrls, Duration requestTimeout) {
        static final Tuning PRODUCTION =
                new Tuning(Duration.ofSeconds(1), Duration.ofMinutes(5), 6, 1_000_000, Duration.ofSeconds(30));

        Tuning {
            if (firstBackoff.isNegative()
                    || maxBackoff.compareTo(firstBackoff) < 0
                    || maxAttempts < 1
                    || maxPendingUrls < 1
                    || requestTimeout.isNegative()
                    || requestTimeout.isZero()) {
                throw new IllegalArgumentException("bad IndexNow tuning: " + firstBackoff + ", " + maxBackoff + ", "
                        + maxAttempts + ", " + maxPendingUrls + ", " + requestTimeout);
            }
        }

        /** The back-off and attempts of this tuning, for the sender. */
        RetryPolicy retryPolicy() {
            return new RetryPolicy(firstBackoff, maxBackoff, maxAttempts);
        }
    }

    /** URLs of one site as handed over by one call, not yet checked or split. */
    private static final class Submission {
        final Site site;
        final String[] urls;
        /** Of {@link #urls}, those not yet counted as sent or dropped; the worker's alone. */
        int unfinished;

        Submission(Site site, String[] urls) {
            this.site = site;
            this.urls = urls;
            this.unfinished = urls.length;
        }
    }

    private final IndexNowClient client;
    private final BatchSender sender;
    private final Tuning tuning;
    private final Threads.Loop worker;
    /** The threads made for a submitter of the tests, closed with it; null when the caller owns them. */
    private final Threads ownThreads;

    private final LinkedBlockingQueue<Submission> queue = new LinkedBlockingQueue<>();
    /** The submission the worker is sending, which close() may interrupt. */
    private volatile Submission current;

    private final Object lock = new Object();
    /** URLs handed over and neither sent nor dropped yet, those in flight included. */
    private long pending; // guarded by lock

    private boolean closed; // guarded by lock
    /** URLs refused by submit (queue full or closed) since the last warning that counted them. */
    private long unreportedOverflow; // guarded by lock

    private final RateLimit overflowLog = new RateLimit(WARNING_INTERVAL_MILLIS);

    /** URLs dropped by submit (queue full, or closed) or left queued at close, since the start. */
    private final LongAdder droppedUrls = new LongAdder();

    /**
     * A submitter with the production timing: back-off from one second, doubling, at most six
     * attempts and five minutes a wait; at most a million URLs waiting.
     *
     * @param endpoint where submissions go, such as {@code https://api.indexnow.org/indexnow}
     * @param key the site's key, as the {@code indexnow-key} setting holds it
     * @throws IllegalArgumentException if the endpoint is not an absolute http or https URL without
     *     user information or fragment, or the key is not 8 to 128 of {@code a-z A-Z 0-9 -}
     */
    public IndexNowSubmitter(URI endpoint, String key, Threads threads) {
        this(
                IndexNowClient.owningItsClient(endpoint, key, Tuning.PRODUCTION.requestTimeout()),
                Tuning.PRODUCTION,
                threads,
                null);
    }

    /** A submitter over {@code client}, which it does not shut down; for tests. */
    IndexNowSubmitter(URI endpoint, String key, Tuning tuning, HttpClient client) {
        this(
                new IndexNowClient(
                        endpoint, key, Objects.requireNonNull(tuning, "tuning").requestTimeout(), client),
                tuning,
                null,
                Threads.of(null));
    }

    private IndexNowSubmitter(IndexNowClient client, Tuning tuning, Threads threads, Threads own) {
        this.client = client;
        this.tuning = tuning;
        this.sender = new BatchSender(client, tuning.retryPolicy());
        this.ownThreads = own;
        this.worker = (own != null ? own : Objects.requireNonNull(threads, "threads")).start(this::work);
    }

    /** Whether the worker still runs; for tests. */
    boolean workerAlive() {
        return worker.alive();
    }

    /**
     * Queues URLs for submission and returns at once: the caller never waits for the endpoint.
     * URLs that are not under the site's base URL are left out, duplicates are sent once. When
     * more than the queue's limit are waiting, or after {@link #close()}, URLs are dropped with a
     * warning (at most one a minute, counting every URL dropped).
     *
     * @param site the site every URL belongs to; its host and key file go into the request
     * @param urls absolute URLs that were added, removed or got a new lastmod; copied, not kept
     * @throws NullPointerException if {@code site} or {@code urls} is null
     */
    public void submit(Site site, Collection<String> urls) {
        Objects.requireNonNull(site, "site");
        Objects.requireNonNull(urls, "urls");
        if (urls.isEmpty()) {
            return;
        }
        String[] copy = urls.toArray(new String[0]);
        boolean wasClosed;
        long dropped;
        long report = 0;
        synchronized (lock) {
            wasClosed = closed;
            long room = closed ? 0 : Math.max(0, tuning.maxPendingUrls() - pending);
            int accepted = (int) Math.min(room, copy.length);
            if (accepted > 0) {
                sender.sent.record(java.util.Arrays.asList(copy).subList(0, accepted), "queued");
                pending += accepted;
                queue.add(new Submission(site, accepted == copy.length ? copy : Arrays.copyOf(copy, accepted)));
            }
            dropped = copy.length - accepted;
            if (dropped > 0) {
                droppedUrls.add(dropped);
                unreportedOverflow += dropped;
                if (overflowLog.tryLog()) {
                    report = unreportedOverflow;
                    unreportedOverflow = 0;
                }
            }
        }
        if (report > 0) {
            String why = wasClosed
                    ? "the submitter is closed"
                    : "more than " + tuning.maxPendingUrls() + " URLs are waiting for " + client.endpoint();
            LOG.log(
                    Level.WARNING,
                    "sitemapkit: IndexNow dropped " + dropped + " URLs of " + site.host() + ": " + why
                            + (report > dropped ? " (" + report + " URLs dropped since the last such line)" : ""));
        }
    }

    /**
     * What became of one URL handed to IndexNow lately.
     *
     * @param url the URL
     * @return {@code accepted by https://... (202) at 2026-...}, or null when it is not among the last 10,000
     */
    public String lastSent(String url) {
        return sender.sent.get(url);
    }

    /**
     * What was submitted since the start, in URLs, for the status views.
     *
     * @return the counts
     */
    public IndexNowStatus status() {
        long queued;
        synchronized (lock) {
            queued = pending;
        }
        return new IndexNowStatus(
                queued,
                sender.acceptedUrls.sum(),
                sender.refusedUrls.sum(),
                droppedUrls.sum() + sender.failedUrls.sum());
    }

    /**
     * Waits until every URL handed over has been sent or dropped, such as before a shutdown; closing
     * drops what is left, so it ends the wait too.
     *
     * @param timeout how long to wait at most
     * @return true if nothing is left to send, false if the timeout passed first
     * @throws InterruptedException if the calling thread is interrupted while waiting
     */
    public boolean awaitIdle(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (lock) {
            while (pending > 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                TimeUnit.NANOSECONDS.timedWait(lock, left);
            }
            return true;
        }
    }

    /**
     * Stops the submitting thread, abandoning a request in flight. What is still queued is dropped
     * with one log line that says how many URLs; calling it again does nothing.
     */
    @Override
    public void close() {
        stop(false);
    }

    /**
     * Closes as {@link #close()} does, but hands back the URLs not sent yet (queued, or in a request
     * that was cut short), by site base URL, instead of dropping them, so that they can be kept for
     * the next start; the log line counts them as kept. Sending one of them twice does no harm.
     *
     * @return the unsent URLs by {@link Site#base()}; empty when all were sent, or when closed already
     */
    public Map<String, List<String>> closeKeepingUnsent() {
        return stop(true);
    }

    private Map<String, List<String>> stop(boolean keep) {
        Map<String, List<String>> unsent = new LinkedHashMap<>();
        synchronized (lock) {
            if (closed) {
                return unsent;
            }
            closed = true;
        }
        worker.interrupt();
        try {
            worker.await(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (ownThreads != null) {
            ownThreads.close();
        }
        long dropped;
        long overflow;
        synchronized (lock) {
            dropped = pending;
            if (!keep) {
                droppedUrls.add(pending);
            }
            overflow = unreportedOverflow;
            pending = 0;
            unreportedOverflow = 0;
            List<Submission> left = new ArrayList<>();
            Submission interrupted = current;
            if (interrupted != null) {
                left.add(interrupted);
            }
            queue.drainTo(left);
            if (keep) {
                for (Submission s : left) {
                    unsent.computeIfAbsent(s.site.base(), b -> new ArrayList<>())
                            .addAll(Arrays.asList(s.urls));
                }
            }
            lock.notifyAll();
        }
        client.close();
        String refusals = sender.takeUnreportedRefusals();
        List<String> lost = new ArrayList<>();
        if (dropped > 0 && keep) {
            lost.add("kept " + dropped + " URLs still queued, to submit at the next start");
        } else if (dropped > 0) {
            lost.add("dropped " + dropped + " URLs still queued");
        }
        if (overflow > 0) {
            lost.add(overflow + " URLs dropped earlier with the queue full");
        }
        if (refusals != null) {
            lost.add(refusals);
        }
        if (!lost.isEmpty()) {
            ShutdownLog.warn(
                    LOG,
                    "sitemapkit: IndexNow submitter for " + client.endpoint() + " closed; " + String.join("; ", lost));
        }
        return unsent;
    }

    private void work() {
        try {
            while (true) {
                Submission s = queue.take();
                current = s;
                try {
                    send(s);
                } catch (RuntimeException e) {
                    LOG.log(
                            Level.WARNING,
                            "sitemapkit: IndexNow dropped URLs of " + s.site.host() + " on an unexpected error",
                            e);
                    done(s, s.unfinished);
                }
                current = null; // not reached when close() interrupts the send: then it is still unsent
            }
        } catch (InterruptedException e) {
            // closed: close() counts what is left
        }
    }

    /** Counts URLs as sent or dropped; wakes {@link #awaitIdle} when none are left. */
    private void done(Submission s, int urls) {
        s.unfinished -= urls;
        synchronized (lock) {
            if (!closed) {
                pending = Math.max(0, pending - urls);
                if (pending == 0) {
                    lock.notifyAll();
                }
            }
        }
    }

    private void send(Submission s) throws InterruptedException {
        Site site = s.site;
        String base = site.base();
        String origin = site.origin();
        LinkedHashSet<String> unique = new LinkedHashSet<>();
        int outside = 0;
        String example = null;
        for (String url : s.urls) {
            boolean under = url != null
                    && url.regionMatches(true, 0, origin, 0, origin.length())
                    && url.startsWith(site.directory(), origin.length());
            if (under) {
                unique.add(url);
            } else {
                outside++;
                example = example == null ? url : example;
            }
        }
        if (outside > 0) {
            // The endpoint would refuse the whole request (422) for one URL not under the key file.
            LOG.log(
                    Level.WARNING,
                    "sitemapkit: IndexNow left out " + outside + " URLs not under " + base + ", such as "
                            + LogText.quote(example));
        }
        done(s, s.urls.length - unique.size());
        List<String> urls = new ArrayList<>(unique);
        for (int from = 0; from < urls.size(); from += MAX_URLS_PER_REQUEST) {
            List<String> batch = urls.subList(from, Math.min(urls.size(), from + MAX_URLS_PER_REQUEST));
            sender.send(site, batch);
            done(s, batch.size());
        }
    }
}
