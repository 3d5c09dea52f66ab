package org.sitemapkit.testsupport;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Plain HTTP/1.1 requests, so every test sees what the server sent: no redirects followed, no decompression, raw
 * body bytes. A {@code Host} header may be forged only when the JVM runs with
 * {@code -Djdk.httpclient.allowRestrictedHeaders=host} (the modules' surefire and failsafe set it where a test needs
 * it); without it this class says so instead of failing obscurely.
 */
public final class Http {

    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(10))
            .build();

    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private Http() {}

    /** GET with headers given as name, value, name, value... */
    public static Response get(String uri, String... headers) {
        return send("GET", URI.create(uri), headers);
    }

    /** GET with headers given as name, value, name, value... */
    public static Response get(URI uri, String... headers) {
        return send("GET", uri, headers);
    }

    /** HEAD with headers given as name, value, name, value... */
    public static Response head(URI uri, String... headers) {
        return send("HEAD", uri, headers);
    }

    /** Any body-less method with headers given as name, value, name, value... */
    public static Response send(String method, URI uri, String... headers) {
        if (headers.length % 2 != 0) {
            throw new IllegalArgumentException("headers come in name, value pairs: " + Arrays.toString(headers));
        }
        HttpRequest.Builder request =
                HttpRequest.newBuilder(uri).timeout(TIMEOUT).method(method, HttpRequest.BodyPublishers.noBody());
        for (int i = 0; i < headers.length; i += 2) {
            if (headers[i].equalsIgnoreCase("host")) {
                requireHostAllowed();
            }
            request.header(headers[i], headers[i + 1]);
        }
        try {
            HttpResponse<byte[]> response = CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
            return new Response(response.statusCode(), response.headers(), response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + uri, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted: " + method + " " + uri, e);
        }
    }

    /**
     * The status line's code for a GET sent byte for byte over a socket: well-kept clients refuse to send a
     * malformed target or header at all, which is exactly what some tests must send.
     */
    public static int raw(URI base, String target, String hostHeader, String... headerLines) {
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(30_000);
            StringBuilder request = new StringBuilder("GET ").append(target).append(" HTTP/1.1\r\n");
            request.append("Host: ").append(hostHeader).append("\r\nConnection: close\r\n");
            for (String line : headerLines) {
                request.append(line).append("\r\n");
            }
            request.append("\r\n");
            socket.getOutputStream().write(request.toString().getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            String status = new BufferedReader(
                            new InputStreamReader(socket.getInputStream(), StandardCharsets.ISO_8859_1))
                    .readLine();
            if (status == null || !status.startsWith("HTTP/1.1 ")) {
                throw new IllegalStateException("no status line for " + target + ": " + status);
            }
            return Integer.parseInt(status.substring(9, 12));
        } catch (IOException e) {
            throw new UncheckedIOException("GET " + target, e);
        }
    }

    private static void requireHostAllowed() {
        String allowed = System.getProperty("jdk.httpclient.allowRestrictedHeaders", "");
        boolean host = Arrays.stream(allowed.split(","))
                .anyMatch(h -> h.trim().toLowerCase(Locale.ROOT).equals("host"));
        if (!host) {
            throw new IllegalStateException("java.net.http refuses a Host header unless the JVM starts with "
                    + "-Djdk.httpclient.allowRestrictedHeaders=host (Maven sets it; an IDE run must too)");
        }
    }

    /**
     * Proxy headers a client forges to pass for the node itself, in the forms proxies write and pass on: none may
     * open what {@code status-view=loopback} keeps to the node.
     *
     * @return name and value pairs
     */
    public static String[][] forgedLoopbackHeaders() {
        return new String[][] {
            {"X-Forwarded-For", "127.0.0.1"},
            {"X-Forwarded-For", "127.0.0.1, 203.0.113.9"}, // as an appending proxy passes it on
            {"Forwarded", "for=127.0.0.1"},
            {"Forwarded", "for=\"[::1]\""},
            {"X-Forwarded-For", "203.0.113.9"},
        };
    }

    /** Status, headers and the body exactly as received. */
    public record Response(int status, HttpHeaders headers, byte[] body) {

        /** The body decoded as UTF-8. */
        public String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        /** The first value of a header, if present. */
        public Optional<String> header(String name) {
            return headers.firstValue(name);
        }

        /** The Content-Type header, or "" when there is none. */
        public String contentType() {
            return header("Content-Type").orElse("");
        }

        /**
         * For failure messages: the status, content type and the start of the body; an HTML error page as its text
         * (servers put the exception there), not its style sheet.
         */
        public String describe() {
            String type = header("Content-Type").orElse("(no content type)");
            String t = text();
            if (type.contains("html")) {
                t = t.replaceAll("(?is)<(style|script)[^>]*>.*?</\\1>", " ")
                        .replaceAll("<[^>]*>", " ")
                        .replaceAll("\\s+", " ")
                        .strip();
            }
            return status + " " + type + " \""
                    + (t.length() > 300 ? t.substring(0, 300) + "..." : t).replace("\n", "\\n") + "\"";
        }
    }

    /** One request (its URI and any headers) and the status it got. */
    public record Exchange(String request, int status) {}

    /**
     * GETs that remember every status they saw, so a test class can assert at the end that no request of the whole
     * class got, say, a 5xx.
     */
    public static final class Recorder {

        private final List<Exchange> seen = new ArrayList<>();

        /** {@link Http#get(String, String...)}, recorded. */
        public Response get(String uri, String... headers) {
            Response response = Http.get(uri, headers);
            synchronized (seen) {
                seen.add(new Exchange(
                        uri + (headers.length == 0 ? "" : " " + Arrays.toString(headers)), response.status()));
            }
            return response;
        }

        /** Every request made so far and its status, in order. */
        public List<Exchange> seen() {
            synchronized (seen) {
                return List.copyOf(seen);
            }
        }
    }
}
