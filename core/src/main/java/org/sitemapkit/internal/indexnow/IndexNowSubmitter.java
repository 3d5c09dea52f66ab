package org.sitemapkit.internal.indexnow;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import org.sitemapkit.internal.LogText;
import org.sitemapkit.internal.RateLimit;
import org.sitemapkit.model.Site;

/**
 * Tells an IndexNow endpoint which URLs of a site changed, off the caller's thread: render threads
 * hand URLs over and return at once, and one daemon thread posts them, at most 10,000 a request,
 * retrying what the protocol says may be retried. A slow or failing endpoint costs the caller
 * nothing; what cannot be sent is dropped with a log line, never silently.
 */
public final class IndexNowSubmitter implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(IndexNowSubmitter.class.getName());

    /** The protocol's limit of URLs in one request. */
    static final int MAX_URLS_PER_REQUEST = 10_000;

    static final String THREAD_NAME = "sitemapkit-indexnow";

    private static final Pattern KEY = Pattern.compile("[A-Za-z0-9-]{8,128}");
    /** Enough of a refusal's body for the log line, which keeps 200 characters of it. */
    private static final int BODY_BYTES_KEPT = 1024;

    private static final long WARNING_INTERVAL_MILLIS = 60_000;

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

    /** The status and the first bytes of the body of one answer. */
    private static final class Answer {
        final int status;
        final Optional<String> retryAfter;
        final byte[] body;

        Answer(int status, Optional<String> retryAfter, byte[] body) {
            this.status = status;
            this.retryAfter = retryAfter;
            this.body = body;
        }
    }

    private final URI endpoint;
    private final String key;
    private final HttpClient client;
    private final boolean ownsClient;
    private final Tuning tuning;
    private final Thread worker;
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
    private final RateLimit refusedLog = new RateLimit(WARNING_INTERVAL_MILLIS);
    /** Requests the endpoint refused since the last warning that counted them, and their URLs. */
    private final AtomicLong unreportedRefusals = new AtomicLong();

    private final AtomicLong unreportedRefusedUrls = new AtomicLong();

    /**
     * A submitter with the production timing: back-off from one second, doubling, at most six
     * attempts and five minutes a wait; at most a million URLs waiting.
     *
     * @param endpoint where submissions go, such as {@code https://api.indexnow.org/indexnow}
     * @param key the site's key, as the {@code indexnow-key} setting holds it
     * @throws IllegalArgumentException if the endpoint is not an absolute http or https URL without
     *     user information or fragment, or the key is not 8 to 128 of {@code a-z A-Z 0-9 -}
     */
    public IndexNowSubmitter(URI endpoint, String key) {
        this(checkEndpoint(endpoint), checkKey(key), Tuning.PRODUCTION, newClient(), true);
    }

    IndexNowSubmitter(URI endpoint, String key, Tuning tuning, HttpClient client) {
        this(endpoint, key, tuning, client, false);
    }

    private IndexNowSubmitter(URI endpoint, String key, Tuning tuning, HttpClient client, boolean ownsClient) {
        this.endpoint = checkEndpoint(endpoint);
        this.key = checkKey(key);
        this.tuning = Objects.requireNonNull(tuning, "tuning");
        this.client = Objects.requireNonNull(client, "client");
        this.ownsClient = ownsClient;
        worker = new Thread(this::work, THREAD_NAME);
        worker.setDaemon(true);
        worker.start();
    }

    /** The client the production constructor uses: no redirects followed, a 10 s connect timeout. */
    static HttpClient newClient() {
        return HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(Duration.ofSeconds(10))
                .build();
    }

    private static String checkKey(String key) {
        Objects.requireNonNull(key, "key");
        if (!KEY.matcher(key).matches()) {
            throw new IllegalArgumentException(
                    "an IndexNow key is 8 to 128 of a-z, A-Z, 0-9 and '-': " + LogText.quote(key));
        }
        return key;
    }

    private static URI checkEndpoint(URI endpoint) {
        Objects.requireNonNull(endpoint, "endpoint");
        String scheme = endpoint.getScheme() == null ? "" : endpoint.getScheme().toLowerCase(Locale.ROOT);
        if (!(scheme.equals("http") || scheme.equals("https"))
                || endpoint.isOpaque()
                || endpoint.getHost() == null
                || endpoint.getRawUserInfo() != null
                || endpoint.getRawFragment() != null) {
            throw new IllegalArgumentException(
                    "an IndexNow endpoint is an absolute http or https URL without user information or fragment: "
                            + LogText.quote(endpoint.toString()));
        }
        return endpoint;
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
                pending += accepted;
                queue.add(new Submission(site, accepted == copy.length ? copy : Arrays.copyOf(copy, accepted)));
            }
            dropped = copy.length - accepted;
            if (dropped > 0) {
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
                    : "more than " + tuning.maxPendingUrls() + " URLs are waiting for " + endpoint;
            LOG.log(
                    Level.WARNING,
                    "sitemapkit: IndexNow dropped " + dropped + " URLs of " + site.host() + ": " + why
                            + (report > dropped ? " (" + report + " URLs dropped since the last such line)" : ""));
        }
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
            worker.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        long dropped;
        long overflow;
        synchronized (lock) {
            dropped = pending;
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
        if (ownsClient) {
            shutDown(client);
        }
        long refusals = unreportedRefusals.getAndSet(0);
        long refusedUrls = unreportedRefusedUrls.getAndSet(0);
        List<String> lost = new ArrayList<>();
        if (dropped > 0 && keep) {
            lost.add("kept " + dropped + " URLs still queued, to submit at the next start");
        } else if (dropped > 0) {
            lost.add("dropped " + dropped + " URLs still queued");
        }
        if (overflow > 0) {
            lost.add(overflow + " URLs dropped earlier with the queue full");
        }
        if (refusals > 0) {
            lost.add(refusals + " requests with " + refusedUrls + " URLs refused earlier without their own line");
        }
        if (!lost.isEmpty()) {
            warnEvenInShutdown(
                    "sitemapkit: IndexNow submitter for " + endpoint + " closed; " + String.join("; ", lost));
        }
        return unsent;
    }

    /**
     * Logs a warning that must not vanish: when the JVM is shutting down, java.util.logging may
     * already have closed its handlers (its reset runs in a shutdown hook of its own, in no set
     * order with the container's), so the line also goes to standard error then.
     */
    private static void warnEvenInShutdown(String message) {
        LOG.log(Level.WARNING, message);
        if (shuttingDown()) {
            System.err.println(Instant.now() + " WARNING " + message);
        }
    }

    /** Whether the JVM is running its shutdown hooks: it refuses new ones then. */
    static boolean shuttingDown() {
        Thread probe = new Thread(() -> {});
        try {
            Runtime.getRuntime().addShutdownHook(probe);
            Runtime.getRuntime().removeShutdownHook(probe);
            return false;
        } catch (IllegalStateException e) {
            return true;
        }
    }

    /** Java 21 added {@code shutdownNow}; on 17 the client's daemon threads end once it is unreachable. */
    private static void shutDown(HttpClient client) {
        if (client instanceof AutoCloseable) {
            try {
                HttpClient.class.getMethod("shutdownNow").invoke(client);
            } catch (ReflectiveOperationException | RuntimeException e) {
                LOG.log(Level.DEBUG, "sitemapkit: IndexNow HTTP client not shut down: {0}", e.toString());
            }
        }
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
        String keyLocation = site.url("/" + key + ".txt");
        for (int from = 0; from < urls.size(); from += MAX_URLS_PER_REQUEST) {
            List<String> batch = urls.subList(from, Math.min(urls.size(), from + MAX_URLS_PER_REQUEST));
            post(site, keyLocation, batch);
            done(s, batch.size());
        }
    }

    /** Sends one request until it is accepted, refused, or has failed {@code maxAttempts} times. */
    private void post(Site site, String keyLocation, List<String> batch) throws InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(endpoint)
                .timeout(tuning.requestTimeout())
                .header("Content-Type", "application/json; charset=utf-8")
                .header("User-Agent", "SitemapKit")
                .POST(HttpRequest.BodyPublishers.ofByteArray(IndexNowJson.body(site.host(), key, keyLocation, batch)))
                .build();
        for (int attempt = 1; ; attempt++) {
            String failure;
            Duration retryAfter = null;
            try {
                Answer answer = exchange(request);
                int status = answer.status;
                if (status == 200 || status == 202) {
                    LOG.log(
                            Level.INFO,
                            "sitemapkit: IndexNow accepted " + batch.size() + " URLs of " + site.host() + " (" + status
                                    + ")");
                    return;
                }
                if (status != 429 && (status < 500 || status > 599)) {
                    refused(site, keyLocation, batch.size(), answer);
                    return;
                }
                failure = "answered " + status;
                retryAfter =
                        answer.retryAfter.map(v -> retryAfter(v, Instant.now())).orElse(null);
            } catch (IOException e) {
                failure = "failed: " + LogText.quote(e.toString());
            }
            if (attempt >= tuning.maxAttempts()) {
                LOG.log(
                        Level.WARNING,
                        "sitemapkit: IndexNow dropped " + batch.size() + " URLs of " + site.host() + " after " + attempt
                                + " attempts: " + endpoint + " " + failure);
                return;
            }
            Duration wait = backoff(tuning, attempt, retryAfter);
            LOG.log(
                    Level.DEBUG,
                    "sitemapkit: IndexNow attempt " + attempt + " " + failure + "; retrying in " + wait.toMillis()
                            + " ms");
            TimeUnit.NANOSECONDS.sleep(wait.toNanos());
        }
    }

    /**
     * Waits on the worker so that {@link #close()} can interrupt it, and bounds the whole exchange,
     * body included, by the request timeout: the client's own timeout ends at the headers.
     */
    private Answer exchange(HttpRequest request) throws IOException, InterruptedException {
        CompletableFuture<HttpResponse<byte[]>> future = client.sendAsync(request, info -> boundedBody());
        try {
            HttpResponse<byte[]> r = future.get(tuning.requestTimeout().toNanos(), TimeUnit.NANOSECONDS);
            return new Answer(r.statusCode(), r.headers().firstValue("Retry-After"), r.body());
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw cause instanceof IOException ? (IOException) cause : new IOException(cause);
        } catch (TimeoutException e) {
            future.cancel(true);
            throw new HttpTimeoutException("no complete answer within " + tuning.requestTimeout());
        } catch (InterruptedException e) {
            future.cancel(true);
            throw e;
        }
    }

    /** Keeps the first bytes of a body and discards the rest, so no answer can fill the heap. */
    private static HttpResponse.BodySubscriber<byte[]> boundedBody() {
        ByteArrayOutputStream kept = new ByteArrayOutputStream();
        return HttpResponse.BodySubscribers.mapping(
                HttpResponse.BodySubscribers.ofByteArrayConsumer(chunk -> chunk.ifPresent(bytes -> {
                    int n = Math.min(bytes.length, BODY_BYTES_KEPT - kept.size());
                    kept.write(bytes, 0, Math.max(0, n));
                })),
                ignored -> kept.toByteArray());
    }

    private void refused(Site site, String keyLocation, int urls, Answer answer) {
        if (!refusedLog.tryLog()) {
            unreportedRefusals.incrementAndGet();
            unreportedRefusedUrls.addAndGet(urls);
            return;
        }
        long earlier = unreportedRefusals.getAndSet(0);
        long earlierUrls = unreportedRefusedUrls.getAndSet(0);
        String body = bodyText(answer.body);
        LOG.log(
                Level.WARNING,
                "sitemapkit: IndexNow refused " + urls + " URLs of " + site.host() + ": " + endpoint + " answered "
                        + answer.status + hint(answer.status, keyLocation) + ", body " + body
                        + "; dropped without retry"
                        + (earlier > 0
                                ? " (and " + earlier + " requests with " + earlierUrls
                                        + " URLs since the last such line)"
                                : ""));
    }

    /** An endpoint's answer body as a log can quote it: decoded leniently, stripped, quoted. */
    static String bodyText(byte[] body) {
        return LogText.quote(
                StandardCharsets.UTF_8.decode(ByteBuffer.wrap(body)).toString().strip());
    }

    /** What the protocol's documentation says a refusal means. */
    private static String hint(int status, String keyLocation) {
        switch (status) {
            case 400:
                return " (bad request: invalid format)";
            case 403:
                return " (key not valid: " + keyLocation + " not found, or its content is not the key)";
            case 422:
                return " (URLs not of the host, or the key not matching the protocol's schema)";
            default:
                return "";
        }
    }

    /** Exponential back-off, or the endpoint's {@code Retry-After} when longer; never above the cap. */
    static Duration backoff(Tuning tuning, int attempt, Duration retryAfter) {
        Duration wait = tuning.firstBackoff();
        for (int i = 1; i < attempt && wait.compareTo(tuning.maxBackoff()) < 0; i++) {
            wait = wait.multipliedBy(2);
        }
        if (retryAfter != null && retryAfter.compareTo(wait) > 0) {
            wait = retryAfter;
        }
        return wait.compareTo(tuning.maxBackoff()) > 0 ? tuning.maxBackoff() : wait;
    }

    /**
     * A {@code Retry-After} value, delay-seconds or an HTTP date, as a wait from {@code now}; null
     * when it is neither.
     */
    static Duration retryAfter(String value, Instant now) {
        String v = value.strip();
        if (!v.isEmpty() && v.length() <= 9 && v.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return Duration.ofSeconds(Long.parseLong(v));
        }
        try {
            Instant at =
                    ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
            return at.isAfter(now) ? Duration.between(now, at) : Duration.ZERO;
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
