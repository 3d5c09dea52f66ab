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

    private final HttpClient proxied;
    private final HttpClient direct;
    private final URI origin;
    /** {@code http://host:port} of the origin, as an application that builds links from the request writes them. */
    private final String originPrefix;

    /** How requests reach the application: decided once, by asking for the site's own sitemap.xml. */
    enum Form {
        /** Not decided yet. */
        UNKNOWN,
        /** {@code GET http://listed-host/path}, the connector used as a proxy: the listed host in Host. */
        ABSOLUTE,
        /** {@code GET /path} to the origin, the listed host in {@code X-Forwarded-Host}. */
        ORIGIN
    }

    private volatile Form form = Form.UNKNOWN;

    /**
     * @param origin a plain-HTTP address of the application, {@code http://127.0.0.1:8080}
     * @param executor where the client's work runs
     */
    Loopback(URI origin, Executor executor) {
        this.origin = origin;
        int port = origin.getPort() >= 0 ? origin.getPort() : 80;
        this.originPrefix = "http://" + origin.getRawAuthority();
        String host = origin.getHost();
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        this.proxied = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NEVER)
                .proxy(ProxySelector.of(new InetSocketAddress(host, port)))
                .connectTimeout(Duration.ofSeconds(5))
                .executor(executor)
                .build();
        this.direct = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NEVER)
                .proxy(HttpClient.Builder.NO_PROXY)
                .connectTimeout(Duration.ofSeconds(5))
                .executor(executor)
                .build();
    }

    URI origin() {
        return origin;
    }

    Form form() {
        return form;
    }

    /**
     * Decides, once, how requests reach the application: a {@code HEAD} of the site's own
     * {@code sitemap.xml}, which SitemapKit itself answers, in absolute form. A server that routes
     * that form (Tomcat, Jetty, Undertow, Vert.x) answers 200 with XML, and every check then carries
     * the listed host in its request line; one that does not (Helidon 4) gets the plain path with
     * {@code X-Forwarded-Host}, and links it builds from the request to the origin count as the
     * listed host's.
     *
     * @param sitemap the site's {@code sitemap.xml}
     * @throws java.io.IOException when the application does not answer at all
     */
    Form decide(String sitemap, Duration timeout) throws java.io.IOException, InterruptedException {
        if (form != Form.UNKNOWN) {
            return form;
        }
        HttpRequest probe = build(sitemap, timeout, Form.ABSOLUTE, "HEAD");
        HttpResponse<Void> r = proxied.send(probe, HttpResponse.BodyHandlers.discarding());
        String type = r.headers().firstValue("Content-Type").orElse("").toLowerCase(Locale.ROOT);
        form = r.statusCode() == 200 && type.contains("xml") ? Form.ABSOLUTE : Form.ORIGIN;
        return form;
    }

    /**
     * Sends the request for {@code loc}; the future fails when the application cannot be reached.
     *
     * @param loc the listed URL, http or https
     * @param timeout how long until the headers must have come
     */
    CompletableFuture<PageCheck.Answer> ask(String loc, Duration timeout) {
        Form f = form == Form.UNKNOWN ? Form.ABSOLUTE : form;
        HttpRequest request;
        try {
            request = build(loc, timeout, f, "GET");
        } catch (IllegalArgumentException e) {
            return CompletableFuture.failedFuture(e);
        }
        String listedPrefix = prefix(URI.create(loc));
        return (f == Form.ABSOLUTE ? proxied : direct)
                .sendAsync(request, Loopback::handle)
                .thenApply(r -> {
                    byte[] body = r.body();
                    HtmlHead head = html(r.headers()) && r.statusCode() == 200
                            ? HtmlHead.read(new String(body, StandardCharsets.UTF_8))
                            : null;
                    String location = r.headers().firstValue("Location").orElse(null);
                    if (f == Form.ORIGIN) { // links to the origin are links to the listed host
                        location = translate(location, listedPrefix);
                        if (head != null) {
                            head = new HtmlHead(
                                    head.robots(),
                                    head.canonicals().stream()
                                            .map(c -> translate(c, listedPrefix))
                                            .toList(),
                                    head.alternates().stream()
                                            .map(a -> new HtmlHead.Alternate(
                                                    a.hreflang(), translate(a.href(), listedPrefix)))
                                            .toList(),
                                    head.complete());
                        }
                    }
                    return new PageCheck.Answer(
                            r.statusCode(), location, r.headers().allValues("X-Robots-Tag"), head);
                });
    }

    private HttpRequest build(String loc, Duration timeout, Form f, String method) {
        URI listed = URI.create(loc);
        boolean https = "https".equalsIgnoreCase(listed.getScheme());
        int port = listed.getPort() >= 0 ? listed.getPort() : https ? 443 : 80;
        String path = (listed.getRawPath() == null || listed.getRawPath().isEmpty() ? "/" : listed.getRawPath())
                + (listed.getRawQuery() == null ? "" : "?" + listed.getRawQuery());
        URI target = URI.create((f == Form.ABSOLUTE ? "http://" + listed.getRawAuthority() : originPrefix) + path);
        HttpRequest.Builder b = HttpRequest.newBuilder(target)
                .timeout(timeout)
                .header("Accept", "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8")
                .header("User-Agent", "SitemapKit-Verify (+page check of the application's own sitemap)")
                .header("X-Forwarded-Proto", https ? "https" : "http")
                .header("X-Forwarded-Port", String.valueOf(port))
                .method(method, HttpRequest.BodyPublishers.noBody());
        if (f == Form.ORIGIN) {
            b.header("X-Forwarded-Host", listed.getRawAuthority());
        }
        return b.build();
    }

    private static String prefix(URI listed) {
        return listed.getScheme().toLowerCase(Locale.ROOT) + "://" + listed.getRawAuthority();
    }

    /** {@code href} with the origin's {@code http://host:port} replaced by the listed URL's. */
    String translate(String href, String listedPrefix) {
        if (href == null) {
            return null;
        }
        String h = href.strip();
        if (h.regionMatches(true, 0, originPrefix, 0, originPrefix.length())
                && (h.length() == originPrefix.length() || "/?#".indexOf(h.charAt(originPrefix.length())) >= 0)) {
            return listedPrefix + h.substring(originPrefix.length());
        }
        return href;
    }

    private static HttpResponse.BodySubscriber<byte[]> handle(HttpResponse.ResponseInfo info) {
        long length = info.headers().firstValueAsLong("Content-Length").orElse(-1L);
        return new HeadBytes(info.statusCode() == 200 && html(info.headers()) ? HEAD_LIMIT : 0, length);
    }

    private static boolean html(java.net.http.HttpHeaders headers) {
        String type = headers.firstValue("Content-Type").orElse("").toLowerCase(Locale.ROOT);
        return type.isEmpty() || type.contains("html");
    }

    /** Releases the client's connections and selector thread where the JDK can (21 and later). */
    void close() {
        for (HttpClient client : new HttpClient[] {proxied, direct}) {
            try {
                client.getClass().getMethod("shutdownNow").invoke(client);
            } catch (ReflectiveOperationException | RuntimeException e) {
                // a JDK without shutdownNow (17): the selector thread ends with the client
            }
        }
    }

    /**
     * Collects a body up to a limit or the end of its head. The rest of a body the headers say is
     * small is read and dropped, so that the connection serves the next check (a connection per
     * check would use up the loopback ports at a high verify-rate); a larger or unknown one is cut.
     */
    static final class HeadBytes implements HttpResponse.BodySubscriber<byte[]> {
        private final int limit;
        /** Whether the rest of the body is read and dropped rather than the connection cut. */
        private final boolean drain;

        private final CompletableFuture<byte[]> result = new CompletableFuture<>();
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private Flow.Subscription subscription;

        HeadBytes(int limit) {
            this(limit, -1);
        }

        /**
         * @param limit the most bytes kept
         * @param contentLength the body's length as the headers give it, or -1
         */
        HeadBytes(int limit, long contentLength) {
            this.limit = limit;
            this.drain = contentLength >= 0 && contentLength <= HEAD_LIMIT;
        }

        @Override
        public CompletionStage<byte[]> getBody() {
            return result;
        }

        @Override
        public void onSubscribe(Flow.Subscription s) {
            subscription = s;
            if (limit == 0) {
                result.complete(new byte[0]);
                if (!drain) {
                    s.cancel();
                    return;
                }
            }
            s.request(1);
        }

        @Override
        public void onNext(List<ByteBuffer> items) {
            if (result.isDone()) {
                subscription.request(1); // draining: what is left is dropped
                return;
            }
            int from = Math.max(0, bytes.size() - 6);
            for (ByteBuffer b : items) {
                int n = Math.min(b.remaining(), limit - bytes.size());
                byte[] chunk = new byte[n];
                b.get(chunk);
                bytes.write(chunk, 0, n);
                b.position(b.limit());
            }
            if (bytes.size() >= limit || headEnded(bytes.toByteArray(), from)) {
                result.complete(bytes.toByteArray());
                if (!drain) {
                    subscription.cancel();
                    return;
                }
            }
            subscription.request(1);
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
