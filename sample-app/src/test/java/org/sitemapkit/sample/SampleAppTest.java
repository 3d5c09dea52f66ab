package org.sitemapkit.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import org.eclipse.jetty.server.Server;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class SampleAppTest {

    private static Server server;
    private static URI base;
    private static HttpClient client;

    @BeforeAll
    static void start() throws Exception {
        server = SampleApp.newServer(0);
        server.start();
        base = URI.create("http://127.0.0.1:" + SampleApp.localPort(server) + "/");
        client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.stop();
        }
    }

    private static HttpResponse<String> get(String path) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(base.resolve(path))
                .timeout(Duration.ofSeconds(10))
                .header("Accept", "text/html")
                .GET()
                .build();
        return client.send(request, HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void homePageIsHtmlWithHeading() throws Exception {
        HttpResponse<String> response = get("/");
        assertEquals(200, response.statusCode());
        String contentType = response.headers().firstValue("Content-Type").orElse("");
        assertTrue(contentType.startsWith("text/html"), "Content-Type was " + contentType);
        String body = response.body();
        assertTrue(body.startsWith("<!DOCTYPE html>"), body);
        assertTrue(body.contains("<h1>SitemapKit sample shop</h1>"), body);
    }

    @Test
    void unknownPathIs404() throws Exception {
        HttpResponse<String> response = get("/no-such-page");
        assertEquals(404, response.statusCode());
    }

    @Test
    void serverBindsARealPort() {
        assertTrue(SampleApp.localPort(server) > 0);
    }
}
