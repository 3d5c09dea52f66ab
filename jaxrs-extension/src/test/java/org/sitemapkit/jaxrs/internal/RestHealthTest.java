package org.sitemapkit.jaxrs.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import org.glassfish.grizzly.http.server.HttpServer;
import org.junit.jupiter.api.Test;
import org.sitemapkit.internal.status.Health;
import org.sitemapkit.jaxrs.RestFilterEdgeTest;
import org.sitemapkit.jaxrs.shop.PageResource;
import org.sitemapkit.testsupport.FreePorts;
import org.sitemapkit.testsupport.Http;

/**
 * Where no servlet filter serves (Jersey on Grizzly here, Helidon MP in the field), the health check reads the
 * JAX-RS filter's engine of the application's class loader.
 */
class RestHealthTest {
    @Test
    void theCheckReadsTheJaxrsFiltersEngine() {
        ClassLoader loader = RestServing.loader();
        int port = FreePorts.take(1)[0];
        String origin = "http://127.0.0.1:" + port;
        HttpServer server = RestFilterEdgeTest.start(origin + "/", port, PageResource.class);
        try {
            Http.Response r = Http.get(URI.create(origin + "/sitemap.xml"));
            assertEquals(200, r.status(), r.describe());
            Health h = RestServing.health(loader);
            assertTrue(h.up(), h.toString());
            assertEquals(true, h.data().get("serving"), h.toString());
            assertEquals(0L, h.data().get("stale"), h.toString());
            String line = (String) h.data().get(origin + "/ pages");
            assertTrue(line != null && line.startsWith("ok: 3 URLs rendered at "), h.toString());
        } finally {
            server.shutdownNow();
        }
    }
}
