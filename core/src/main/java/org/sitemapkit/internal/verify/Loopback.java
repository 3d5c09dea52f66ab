package org.sitemapkit.internal.verify;

import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.net.ProxySelector;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.Flow;

/**
 * Asks the application for one of its pages over loopback HTTP, as a crawler would ask the public
 * site: the application's own connector is used as an HTTP proxy, so that the request line carries
 * the listed URL in absolute form and its {@code Host} is the listed URL's host (a server must
 * accept that form, RFC 9112 3.2.2), which the JDK's client sends no other way. A reverse proxy's
 * {@code X-Forwarded-Proto} and {@code X-Forwarded-Port} say how the public URL is reached. No
 * redirect is followed; of a 200 HTML answer only the head is read, up to {@link #HEAD_LIMIT} bytes.
 */
final class Loopback {
    /** The most bytes of a page read for its head. */
    static final int HEAD_LIMIT = 64 * 1024;

    private final HttpClient client;
    private final URI origin;

    /**
     * @param origin a plain-HTTP address of the application, {@code http://127.0.0.1:8080}
     * @param executor where the client's work runs
     */
    Loopback(URI origin, Executor executor) {
        this.origin = origin;
        int port = origin.getPort() >= 0 ? origin.getPort() : 80;
        String host = origin.getHost();
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        this.client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NEVER)
                .proxy(ProxySelector.of(new InetSocketAddress(host, port)))
                .connectTimeout(Duration.ofSeconds(5))
                .executor(executor)
                .build();
    }

    URI origin() {
        return origin;
    }

    /**
     * Sends the request for {@code loc}; the future fails when the application cannot be reached.
     *
     * @param loc the listed URL, http or https
     * @param timeout how long until the headers must have come
     */
    CompletableFuture<PageCheck.Answer> ask(String loc, Duration timeout) {
        URI listed = URI.create(loc);
        boolean https = "https".equalsIgnoreCase(listed.getScheme());
        int port = listed.getPort() >= 0 ? listed.getPort() : https ? 443 : 80;
        URI plain;
        try {
            plain = new URI("http", null, listed.getHost(), listed.getPort(), null, null, null);
            String path = listed.getRawPath() == null || listed.getRawPath().isEmpty() ? "/" : listed.getRawPath();
            plain = URI.create(plain + path + (listed.getRawQuery() == null ? "" : "?" + listed.getRawQuery()));
        } catch (java.net.URISyntaxException e) {
            return CompletableFuture.failedFuture(new IllegalArgumentException("not a URL: " + loc, e));
        }
        HttpRequest request = HttpRequest.newBuilder(plain)
                .timeout(timeout)
                .header("Accept", "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8")
                .header("User-Agent", "SitemapKit-Verify (+page check of the application's own sitemap)")
                .header("X-Forwarded-Proto", https ? "https" : "http")
                .header("X-Forwarded-Port", String.valueOf(port))
                .GET()
                .build();
        return client.sendAsync(request, Loopback::handle).thenApply(r -> {
            byte[] body = r.body();
            HtmlHead head = html(r.headers()) && r.statusCode() == 200
                    ? HtmlHead.read(new String(body, StandardCharsets.UTF_8))
                    : null;
            return new PageCheck.Answer(
                    r.statusCode(),
                    r.headers().firstValue("Location").orElse(null),
                    r.headers().allValues("X-Robots-Tag"),
                    head);
        });
    }

    private static HttpResponse.BodySubscriber<byte[]> handle(HttpResponse.ResponseInfo info) {
        return new HeadBytes(info.statusCode() == 200 && html(info.headers()) ? HEAD_LIMIT : 0);
    }

    private static boolean html(java.net.http.HttpHeaders headers) {
        String type = headers.firstValue("Content-Type").orElse("").toLowerCase(Locale.ROOT);
        return type.isEmpty() || type.contains("html");
    }

    /** Releases the client's connections and selector thread where the JDK can (21 and later). */
    void close() {
        try {
            client.getClass().getMethod("shutdownNow").invoke(client);
        } catch (ReflectiveOperationException | RuntimeException e) {
            // a JDK without shutdownNow (17): the selector thread ends with the client
        }
    }

    /** Collects a body up to a limit or the end of its head, then stops reading it. */
    static final class HeadBytes implements HttpResponse.BodySubscriber<byte[]> {
        private final int limit;
        private final CompletableFuture<byte[]> result = new CompletableFuture<>();
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private Flow.Subscription subscription;

        HeadBytes(int limit) {
            this.limit = limit;
        }

        @Override
        public CompletionStage<byte[]> getBody() {
            return result;
        }

        @Override
        public void onSubscribe(Flow.Subscription s) {
            subscription = s;
            if (limit == 0) {
                s.cancel();
                result.complete(new byte[0]);
            } else {
                s.request(1);
            }
        }

        @Override
        public void onNext(List<ByteBuffer> items) {
            if (result.isDone()) {
                return;
            }
            int from = Math.max(0, bytes.size() - 6);
            for (ByteBuffer b : items) {
                int n = Math.min(b.remaining(), limit - bytes.size());
                byte[] chunk = new byte[n];
                b.get(chunk);
                bytes.write(chunk, 0, n);
            }
            if (bytes.size() >= limit || headEnded(bytes.toByteArray(), from)) {
                subscription.cancel();
                result.complete(bytes.toByteArray());
            } else {
                subscription.request(1);
            }
        }

        @Override
        public void onError(Throwable t) {
            result.completeExceptionally(t);
        }

        @Override
        public void onComplete() {
            result.complete(bytes.toByteArray());
        }

        /** Whether {@code </head} or {@code <body} appears from {@code from} on, in any case. */
        static boolean headEnded(byte[] b, int from) {
            for (int i = from; i < b.length - 5; i++) {
                if (b[i] == '<' && (matches(b, i + 1, "/head") || matches(b, i + 1, "body"))) {
                    return true;
                }
            }
            return false;
        }

        private static boolean matches(byte[] b, int at, String word) {
            if (at + word.length() > b.length) {
                return false;
            }
            for (int k = 0; k < word.length(); k++) {
                if (Character.toLowerCase((char) (b[at + k] & 0xff)) != word.charAt(k)) {
                    return false;
                }
            }
            return true;
        }
    }
}
