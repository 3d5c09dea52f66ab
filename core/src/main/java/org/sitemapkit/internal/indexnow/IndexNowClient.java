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
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import org.sitemapkit.internal.LogText;
import org.sitemapkit.model.Site;

/**
 * The IndexNow protocol for one endpoint and key: builds a submission's request, sends it once, and
 * says what the answer means. It neither queues, waits nor retries, so the wire format and the
 * reading of answers stand apart from the thread and the policy that drive them.
 */
final class IndexNowClient implements AutoCloseable {
    /** The submitter's logger, which is the one users configure for IndexNow. */
    private static final System.Logger LOG = System.getLogger(IndexNowSubmitter.class.getName());

    private static final Pattern KEY = Pattern.compile("[A-Za-z0-9-]{8,128}");
    /** Enough of a refusal's body for the log line, which keeps 200 characters of it. */
    private static final int BODY_BYTES_KEPT = 1024;

    /** What one attempt came to. */
    enum Verdict {
        /** The endpoint took the URLs (200 or 202). */
        ACCEPTED,
        /** The endpoint will not take them, however often asked. */
        REFUSED,
        /** The endpoint is busy or failing (429, 5xx), or no answer came: it may take them later. */
        RETRY
    }

    /**
     * The meaning of one answer. {@code status} is 0 when no answer came; {@code detail} is what a log
     * line says after the endpoint, such as {@code answered 503} or {@code failed: "..."};
     * {@code retryAfter} is the endpoint's {@code Retry-After} as a wait, or null.
     */
    record Outcome(Verdict verdict, int status, String detail, Duration retryAfter) {}

    /** One submission's request, built once and sent as often as the retry policy says. */
    record Post(HttpRequest request, String keyLocation) {}

    private final URI endpoint;
    private final String key;
    private final Duration requestTimeout;
    private final HttpClient client;
    private final boolean ownsClient;

    /**
     * A protocol client over {@code client}, which the caller keeps: {@link #close()} leaves it open.
     *
     * @throws IllegalArgumentException if the endpoint or the key is not valid
     */
    IndexNowClient(URI endpoint, String key, Duration requestTimeout, HttpClient client) {
        this(endpoint, key, requestTimeout, client, false);
    }

    private IndexNowClient(URI endpoint, String key, Duration requestTimeout, HttpClient client, boolean ownsClient) {
        this.endpoint = checkEndpoint(endpoint);
        this.key = checkKey(key);
        this.requestTimeout = Objects.requireNonNull(requestTimeout, "requestTimeout");
        this.client = Objects.requireNonNull(client, "client");
        this.ownsClient = ownsClient;
    }

    /**
     * A protocol client with an HTTP client of its own ({@link #newClient()}), shut down by {@link
     * #close()}; none is made for an endpoint or key that is not valid.
     */
    static IndexNowClient owningItsClient(URI endpoint, String key, Duration requestTimeout) {
        return new IndexNowClient(checkEndpoint(endpoint), checkKey(key), requestTimeout, newClient(), true);
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

    URI endpoint() {
        return endpoint;
    }

    /** The request that submits {@code urls}, all under the site's base URL, with the site's key file. */
    Post post(Site site, List<String> urls) {
        String keyLocation = site.url("/" + key + ".txt");
        HttpRequest request = HttpRequest.newBuilder(endpoint)
                .timeout(requestTimeout)
                .header("Content-Type", "application/json; charset=utf-8")
                .header("User-Agent", "SitemapKit")
                .POST(HttpRequest.BodyPublishers.ofByteArray(IndexNowJson.body(site.host(), key, keyLocation, urls)))
                .build();
        return new Post(request, keyLocation);
    }

    /**
     * Sends the request once and reads the answer. A connection that fails or an answer that does not
     * come within the request timeout, body included, is {@link Verdict#RETRY} too.
     *
     * @throws InterruptedException if the calling thread is interrupted; the exchange is abandoned
     */
    Outcome send(Post post) throws InterruptedException {
        HttpResponse<byte[]> answer;
        try {
            answer = exchange(post.request());
        } catch (IOException e) {
            return new Outcome(Verdict.RETRY, 0, "failed: " + LogText.quote(e.toString()), null);
        }
        int status = answer.statusCode();
        if (status == 200 || status == 202) {
            return new Outcome(Verdict.ACCEPTED, status, "answered " + status, null);
        }
        if (status != 429 && (status < 500 || status > 599)) {
            String detail =
                    "answered " + status + hint(status, post.keyLocation()) + ", body " + bodyText(answer.body());
            return new Outcome(Verdict.REFUSED, status, detail, null);
        }
        Duration wait = answer.headers()
                .firstValue("Retry-After")
                .map(v -> retryAfter(v, Instant.now()))
                .orElse(null);
        return new Outcome(Verdict.RETRY, status, "answered " + status, wait);
    }

    /**
     * Waits on the caller's thread so that it can be interrupted, and bounds the whole exchange, body
     * included, by the request timeout: the client's own timeout ends at the headers.
     */
    private HttpResponse<byte[]> exchange(HttpRequest request) throws IOException, InterruptedException {
        CompletableFuture<HttpResponse<byte[]>> future = client.sendAsync(request, info -> boundedBody());
        try {
            return future.get(requestTimeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw cause instanceof IOException ? (IOException) cause : new IOException(cause);
        } catch (TimeoutException e) {
            future.cancel(true);
            throw new HttpTimeoutException("no complete answer within " + requestTimeout);
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

    /**
     * Shuts the HTTP client down if it is this client's own. Java 21 added {@code shutdownNow}; on 17
     * the client's daemon threads end once it is unreachable.
     */
    @Override
    public void close() {
        if (ownsClient && client instanceof AutoCloseable) {
            try {
                HttpClient.class.getMethod("shutdownNow").invoke(client);
            } catch (ReflectiveOperationException | RuntimeException e) {
                LOG.log(Level.DEBUG, "sitemapkit: IndexNow HTTP client not shut down: {0}", e.toString());
            }
        }
    }
}
