package org.sitemapkit.helidon.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sitemapkit.testsupport.Await;
import org.sitemapkit.testsupport.Http;
import org.sitemapkit.testsupport.SectionBeans;

/**
 * Page verification on Helidon MP, where the JAX-RS filter cannot tell where requests arrive and
 * {@code verify-origin} names the server's own address, as docs/operations.md tells a Helidon user
 * to set it (and the default {@code verify=sample}): the application's pages, each answering 200 to
 * a crawler, must pass their checks.
 */
class HelidonPageVerificationTest {
    private static HelidonApp app;
    private static String base;

    @BeforeAll
    static void start() {
        app = HelidonApp.start(port -> Map.of("sitemapkit.verify-origin", "http://127.0.0.1:" + port));
        base = app.base;
    }

    @AfterAll
    static void stop() {
        if (app != null) {
            app.close();
        }
    }

    @Test
    void theListedPagesPassTheirChecksThroughVerifyOrigin() {
        assertEquals(200, Http.get(base + "about").status(), "a crawler's request for the page");
        assertEquals(200, Http.get(base + "sitemap.xml").status());
        Map<String, String> verify = Await.until(
                Duration.ofSeconds(30),
                () -> SectionBeans.attribute(base, "Verify"),
                v -> v.containsKey("pages") && !v.get("pages").isEmpty(),
                String::valueOf);
        URI origin = URI.create(base);
        assertEquals(
                "1 checked, all pass",
                verify.get("pages"),
                "a check sends the listed URL in the absolute form of the request line (GET " + base
                        + "about HTTP/1.1), which Helidon answers with "
                        + Http.raw(origin, base + "about", origin.getAuthority()) + ", the origin form (GET /about)"
                        + " with " + Http.raw(origin, "/about", origin.getAuthority()));
    }
}
