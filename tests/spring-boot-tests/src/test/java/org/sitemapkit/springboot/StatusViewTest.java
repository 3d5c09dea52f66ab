package org.sitemapkit.springboot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.servlet.http.HttpServletRequest;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.sitemapkit.springboot.app.ShopApplication;
import org.sitemapkit.testsupport.Http;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code /sitemap.html?status} in a Boot application: {@code loopback} decided on the connection's
 * peer even behind Boot's {@code ForwardedHeaderFilter}, which would otherwise make a forged
 * {@code X-Forwarded-For: 127.0.0.1} the remote address and strip the header; and {@code token}
 * with its {@code status-token}.
 */
class StatusViewTest {
    private static final String STATUS = "/sitemap.html?status";

    @Nested
    @SpringBootTest(
            classes = {ShopApplication.class, StatusViewTest.RemoteAddress.class},
            webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
            properties = {"sitemapkit.status-view=loopback", "server.forward-headers-strategy=framework"})
    class LoopbackBehindForwardedHeaderFilter {
        @Value("${local.server.port}")
        int port;

        @Test
        void aRequestFromThisNodeSeesTheStatus() {
            assertEquals(200, Http.get("http://127.0.0.1:" + port + STATUS).status());
        }

        @Test
        void forgedForwardedHeadersDoNotOpenIt() {
            String url = "http://127.0.0.1:" + port + STATUS;
            for (String[] header : Http.forgedLoopbackHeaders()) {
                assertEquals(404, Http.get(url, header).status(), header[0] + ": " + header[1]);
            }
        }

        @Test
        void theApplicationStillGetsTheForwardedView() {
            // SitemapKit reads the connection's peer; the application down the chain, Boot's view
            assertEquals(
                    "203.0.113.9",
                    Http.get("http://127.0.0.1:" + port + "/remote-address", "X-Forwarded-For", "203.0.113.9")
                            .text());
            String robots = Http.get("http://127.0.0.1:" + port + "/robots.txt", "X-Forwarded-For", "203.0.113.9")
                    .text();
            assertTrue(robots.contains("Disallow: /private/"), robots);
        }
    }

    @Nested
    @SpringBootTest(
            classes = ShopApplication.class,
            webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
            properties = {"sitemapkit.status-view=token", "sitemapkit.status-token=" + StatusViewTest.TOKEN})
    class Token {
        @Value("${local.server.port}")
        int port;

        @Test
        void theTokenOpensItAndNothingElse() {
            String url = "http://127.0.0.1:" + port + STATUS;
            assertEquals(200, Http.get(url, "Authorization", "Bearer " + TOKEN).status());
            assertEquals(404, Http.get(url).status());
            assertEquals(
                    404,
                    Http.get(url, "Authorization", "Bearer wrong-token-0123456789")
                            .status());
        }
    }

    static final String TOKEN = "s3cret-status-token-0123";

    /** The remote address as the application's controllers see it. */
    @RestController
    static class RemoteAddress {
        @GetMapping("/remote-address")
        String remoteAddress(HttpServletRequest request) {
            return request.getRemoteAddr();
        }
    }
}
