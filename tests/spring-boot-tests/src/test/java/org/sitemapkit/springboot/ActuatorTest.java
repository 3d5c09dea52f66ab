package org.sitemapkit.springboot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.MeterRegistry;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.sitemapkit.source.UrlSource;
import org.sitemapkit.springboot.app.ShopApplication;
import org.sitemapkit.testsupport.Http;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * The operator's view, with a source that fails: {@code /actuator/sitemapkit} names the failing
 * section and quotes its failure, the health contributor lists it and stays up, and the meters
 * count its 503s beside the products' URLs.
 */
@SpringBootTest(
        classes = {ShopApplication.class, ActuatorTest.Broken.class},
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "management.endpoints.web.exposure.include=health,sitemapkit",
            "management.endpoint.health.show-details=always"
        })
class ActuatorTest {
    @TestConfiguration(proxyBeanMethods = false)
    static class Broken {
        @Bean
        UrlSource brokenSource() {
            return UrlSource.of("offers", site -> {
                throw new IllegalStateException("the offers database is down");
            });
        }
    }

    /** Whether the health JSON h gives the {@code sitemapkit} contributor this status, with or without details. */
    static boolean sitemapkitStatusIs(String h, String status) {
        return Pattern.compile("\"sitemapkit\":\\{(\"details\":\\{[^{}]*\\},)?\"status\":\"" + status + "\"")
                .matcher(h)
                .find();
    }

    @Value("${local.server.port}")
    int port;

    @Autowired
    MeterRegistry meters;

    @Test
    void theEndpointTheHealthAndTheMetersShowTheFailingSection() {
        String origin = "http://127.0.0.1:" + port;
        assertEquals(200, Http.get(origin + "/sitemap-products-1.xml").status());
        assertEquals(200, Http.get(origin + "/sitemap-pages-1.xml").status());
        assertEquals(503, Http.get(origin + "/sitemap-offers-1.xml").status());

        Http.Response status = Http.get(origin + "/actuator/sitemapkit");
        assertEquals(200, status.status(), status.text());
        String json = status.text();
        assertTrue(json.contains("\"section\":\"offers\",\"state\":\"failing\""), json);
        assertTrue(json.contains("the offers database is down"), json);
        assertTrue(json.contains("\"section\":\"products\",\"state\":\"ok\""), json);
        assertTrue(json.contains("\"urls\":1000"), json);

        Http.Response health = Http.get(origin + "/actuator/health");
        assertEquals(200, health.status(), "a failing sitemap section takes no site out of its load balancer");
        String h = health.text();
        assertTrue(sitemapkitStatusIs(h, "UP"), h);
        assertTrue(h.contains("offers since"), h);

        String site = origin + "/";
        assertEquals(
                1000,
                meters.get("sitemapkit.urls")
                        .tags("site", site, "section", "products")
                        .gauge()
                        .value());
        assertTrue(meters.get("sitemapkit.unavailable")
                        .tags("site", site, "section", "offers")
                        .functionCounter()
                        .count()
                >= 1);
        assertEquals(
                1,
                meters.get("sitemapkit.render")
                        .tags("site", site, "section", "products")
                        .functionTimer()
                        .count());
        assertEquals(
                1,
                meters.get("sitemapkit.skipped")
                        .tags("site", site, "section", "pages", "reason", "ROBOTS_DISALLOWED")
                        .gauge()
                        .value(),
                "/private/offers, which the application's robots.txt disallows");
    }
}
