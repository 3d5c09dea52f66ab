package org.sitemapkit.springboot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.sitemapkit.springboot.app.ShopApplication;
import org.sitemapkit.testsupport.Http;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * {@code sitemapkit.health-down=failing}: the operator who wants a section without pages to take the node out of
 * its balancer gets the {@code sitemapkit} contributor down, and with it Boot's health, while a section fails.
 */
@SpringBootTest(
        classes = {ShopApplication.class, ActuatorTest.Broken.class},
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "management.endpoints.web.exposure.include=health",
            "management.endpoint.health.show-details=always",
            "sitemapkit.health-down=failing"
        })
class ActuatorHealthDownTest {
    @Value("${local.server.port}")
    int port;

    @Test
    void aFailingSectionTakesTheHealthDownWhenTheSettingSaysSo() {
        String origin = "http://127.0.0.1:" + port;
        assertEquals(200, Http.get(origin + "/sitemap-products-1.xml").status());
        assertEquals(503, Http.get(origin + "/sitemap-offers-1.xml").status());
        Http.Response health = Http.get(origin + "/actuator/health");
        String h = health.text();
        assertEquals(503, health.status(), h);
        assertTrue(ActuatorTest.sitemapkitStatusIs(h, "DOWN"), h);
        assertTrue(h.contains("offers since"), h);
    }
}
