package org.sitemapkit.test;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.sitemapkit.internal.verify.PageJudgement;

/**
 * {@link SitemapCheck#checkPages()}: each URL asked over HTTP from outside, as a crawler asks it (no
 * redirect followed, of an HTML page only the head), {@link #CONCURRENCY} at once, and judged by
 * SitemapKit's own page verification ({@link PageJudgement}).
 */
final class PageCheckRun {
    /** Pages asked at once. */
    static final int CONCURRENCY = 4;

    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();

    private final Duration timeout;

    PageCheckRun(Duration timeout) {
        this.timeout = timeout;
    }

    /** One page's outcome: core's verdict, or why it could not be asked at all. */
    private record Outcome(String url, PageJudgement.Verdict verdict, String unreachable) {}

    /**
     * Asks for every URL of {@code urls} and adds a problem for each that fails, in their order.
     *
     * @param alternates the alternates the sitemap lists for a URL, hreflang to href
     */
    void run(List<String> urls, Map<String, Map<String, String>> alternates, List<String> problems) {
        Semaphore permits = new Semaphore(CONCURRENCY);
        List<CompletableFuture<Outcome>> outcomes = new ArrayList<>(urls.size());
        try {
            for (String url : urls) {
                permits.acquire();
                CompletableFuture<Outcome> o = ask(url, alternates.getOrDefault(url, Map.of()));
                o.whenComplete((r, e) -> permits.release());
                outcomes.add(o);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            outcomes.forEach(o -> o.cancel(true));
            problems.add("interrupted checking the listed pages");
            return;
        }
        for (CompletableFuture<Outcome> f : outcomes) {
            Outcome o = f.join();
            if (o.unreachable() != null) {
                problems.add("cannot fetch " + o.url() + ": " + o.unreachable());
            } else if (!o.verdict().ok()) {
                problems.add(o.url() + " is listed but fails as a crawler finds it: " + describe(o.verdict()));
            }
        }
    }

    /** As SitemapKit's WARNING line names a failure: the first problem and its detail, then any others. */
    static String describe(PageJudgement.Verdict v) {
        List<String> p = v.problems();
        return p.get(0)
                + (v.detail().isEmpty() ? "" : ": " + v.detail())
                + (p.size() > 1 ? " (also " + String.join(", ", p.subList(1, p.size())) + ")" : "");
    }

    private CompletableFuture<Outcome> ask(String url, Map<String, String> alternates) {
        HttpRequest request;
        try {
            request = HttpRequest.newBuilder(URI.create(url))
                    .timeout(timeout)
                    .header("Accept", "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8")
                    .header("User-Agent", "sitemapkit-test (page check)")
                    .GET()
                    .build();
        } catch (IllegalArgumentException e) {
            return CompletableFuture.completedFuture(new Outcome(url, null, e.getMessage()));
        }
        CompletableFuture<HttpResponse<byte[]>> sent = CLIENT.sendAsync(request, PageCheckRun::body);
        return sent.thenApply(r -> new Outcome(
                        url,
                        PageJudgement.judge(
                                url,
                                alternates,
                                r.statusCode(),
                                r.headers().firstValue("Location").orElse(null),
                                r.headers().allValues("X-Robots-Tag"),
                                headed(r.statusCode(), r.headers())
                                        ? new String(r.body(), StandardCharsets.UTF_8)
                                        : null),
                        null))
                .orTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS)
                .exceptionally(failure -> {
                    sent.cancel(true);
                    Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                            ? failure.getCause()
                            : failure;
                    if (cause instanceof TimeoutException
                            || (cause instanceof HttpTimeoutException
                                    && !(cause instanceof HttpConnectTimeoutException))) {
                        return new Outcome(url, PageJudgement.timedOut(timeout.toMillis()), null);
                    }
                    return new Outcome(
                            url, null, cause instanceof IOException ? cause.toString() : String.valueOf(cause));
                });
    }

    /** The page's head bytes, read as SitemapKit's check reads them, for a 200 HTML answer; none else. */
    private static HttpResponse.BodySubscriber<byte[]> body(HttpResponse.ResponseInfo info) {
        return PageJudgement.headBytes(headed(info.statusCode(), info.headers()) ? PageJudgement.HEAD_LIMIT : 0);
    }

    /** Whether the head is read: a 200 whose type is HTML, or is not said (as SitemapKit's check decides). */
    private static boolean headed(int status, HttpHeaders headers) {
        String type = headers.firstValue("Content-Type").orElse("").toLowerCase(Locale.ROOT);
        return status == 200 && (type.isEmpty() || type.contains("html"));
    }
}
