package org.sitemapkit.sample;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Plain HTTP/1.1 GETs that do not follow redirects, so a test sees every status as the server sends it. */
final class Http {

    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    private Http() {}

    static HttpResponse<String> get(String url) {
        return send(url, HttpResponse.BodyHandlers.ofString());
    }

    static HttpResponse<byte[]> bytes(String url) {
        return send(url, HttpResponse.BodyHandlers.ofByteArray());
    }

    static String contentType(HttpResponse<?> response) {
        return response.headers().firstValue("Content-Type").orElse("");
    }

    private static <T> HttpResponse<T> send(String url, HttpResponse.BodyHandler<T> body) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url))
                .timeout(Duration.ofSeconds(60))
                .GET()
                .build();
        try {
            return CLIENT.send(request, body);
        } catch (IOException e) {
            throw new UncheckedIOException("GET " + url, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted: GET " + url, e);
        }
    }
}
