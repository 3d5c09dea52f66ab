package org.sitemapkit.servers;

import java.io.IOException;
import java.io.UncheckedIOException;
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
 * Plain HTTP/1.1 GETs that remember every status they saw, so a test class can assert at the end that no
 * request of the whole class got a 5xx. No redirects followed, no decompression, raw body bytes. A {@code Host}
 * header can be forged only because failsafe starts the JVM with {@code -Djdk.httpclient.allowRestrictedHeaders=host}.
 */
final class Http {

    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(10))
            .build();

    private final List<Exchange> seen = new ArrayList<>();

    /** GET with headers given as name, value, name, value... */
    Response get(String uri, String... headers) {
        if (headers.length % 2 != 0) {
            throw new IllegalArgumentException("headers come in name, value pairs: " + Arrays.toString(headers));
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(uri))
                .timeout(Duration.ofSeconds(60))
                .GET();
        for (int i = 0; i < headers.length; i += 2) {
            if (headers[i].equalsIgnoreCase("host")) {
                requireHostAllowed();
            }
            request.header(headers[i], headers[i + 1]);
        }
        try {
            HttpResponse<byte[]> r = CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
            Response response = new Response(r.statusCode(), r.headers(), r.body());
            synchronized (seen) {
                seen.add(new Exchange(
                        uri + (headers.length == 0 ? "" : " " + Arrays.toString(headers)), response.status()));
            }
            return response;
        } catch (IOException e) {
            throw new UncheckedIOException("GET " + uri, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted: GET " + uri, e);
        }
    }

    /** Every request made so far and its status, in order. */
    List<Exchange> seen() {
        synchronized (seen) {
            return List.copyOf(seen);
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

    /** One request (its URI and any headers) and the status it got. */
    record Exchange(String request, int status) {}

    /** Status, headers and the body exactly as received. */
    record Response(int status, HttpHeaders headers, byte[] body) {

        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        Optional<String> header(String name) {
            return headers.firstValue(name);
        }

        /**
         * For failure messages: the status, content type and the start of the body; an HTML error page as its text
         * (servers put the exception there), not its style sheet.
         */
        String describe() {
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
}
