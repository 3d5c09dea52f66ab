package org.sitemapkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import jakarta.servlet.DispatcherType;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Map;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.junit.jupiter.api.Test;
import org.sitemapkit.SitemapFilter;
import org.sitemapkit.internal.status.JmxSections;
import org.sitemapkit.it.webapp.ItControl;
import org.sitemapkit.it.webapp.ItPages;
import org.sitemapkit.it.webapp.ItRobots;
import org.sitemapkit.it.webapp.ItSources;
import org.sitemapkit.testsupport.Container;
import org.sitemapkit.testsupport.Http;
import org.sitemapkit.testsupport.JettyContainer;

/** The contract on Jetty 12, with the filter mapped in code as a user without web.xml would. */
class JettySitemapTest extends SitemapContract {
    /**
     * The status page is nobody's by default (a 404, as if there were none); with status-view=token,
     * only a request with the token sees it; with loopback, a request from this node through no proxy.
     */
    @Test
    void theStatusPageOpensOnlyToWhomTheSettingsSay() throws Exception {
        assertEquals(404, Http.get(uri("sitemap.html?status")).status(), "off by default");
        Map<String, String> token = new HashMap<>(PARAMS);
        token.put("sitemapkit.status-view", "token");
        token.put("sitemapkit.status-token", "0123456789abcdef-token");
        try (Container other = start("/tok", token)) {
            URI status = other.baseUri().resolve("sitemap.html?status");
            assertEquals(200, Http.get(other.baseUri().resolve("sitemap.xml")).status());
            assertEquals(404, Http.get(status).status());
            assertEquals(
                    404,
                    Http.get(status, "Authorization", "Bearer wrong-token-0123456789")
                            .status());
            Http.Response ok = Http.get(status, "Authorization", "Bearer 0123456789abcdef-token");
            assertEquals(200, ok.status(), ok.describe());
            assertEquals("no-store", ok.header("Cache-Control").orElseThrow());
            assertTrue(ok.text().contains("<td>products</td><td>ok</td>"), ok.text());
        }
        Map<String, String> loopback = new HashMap<>(PARAMS);
        loopback.put("sitemapkit.status-view", "loopback");
        try (Container other = start("/local", loopback)) {
            URI status = other.baseUri().resolve("sitemap.html?status");
            assertEquals(200, Http.get(status).status(), "from 127.0.0.1");
            assertEquals(404, Http.get(status, "X-Forwarded-For", "203.0.113.7").status(), "through a proxy");
        }
        Map<String, String> missing = new HashMap<>(PARAMS);
        missing.put("sitemapkit.status-view", "token");
        IllegalStateException e = assertThrows(
                IllegalStateException.class, () -> start("/none", missing).close());
        assertTrue(
                String.valueOf(e.getCause()).contains("status-token")
                        || e.getMessage().contains("status-token"),
                e.toString());
    }

    /**
     * With Micrometer in the application, each section's meters are in its global registry, tagged
     * by site and section, and go when the application stops.
     */
    @Test
    void theMetersAreInMicrometersGlobalRegistry() throws Exception {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        Metrics.addRegistry(registry);
        try {
            Container other = start("/metered", PARAMS);
            String site = other.baseUri().toString();
            try {
                assertEquals(
                        200,
                        Http.get(other.baseUri().resolve("sitemap-products-1.xml"))
                                .status());
                Gauge urls = registry.find("sitemapkit.urls")
                        .tags("site", site, "section", "products")
                        .gauge();
                assertEquals(ItSources.PRODUCTS, urls.value());
                assertTrue(registry.find("sitemapkit.render")
                                .tags("site", site, "section", "products")
                                .functionTimer()
                                .count()
                        >= 1);
            } finally {
                other.close();
            }
            assertEquals(
                    null,
                    registry.find("sitemapkit.urls").tags("site", site).gauge(),
                    "removed when the filter stopped");
        } finally {
            Metrics.removeRegistry(registry);
        }
    }

    /** An application that stops takes its MBeans with it. */
    @Test
    void theMBeansGoWhenTheApplicationStops() throws Exception {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        Container other = start("/other", PARAMS);
        ObjectName pages;
        try {
            assertEquals(200, Http.get(other.baseUri().resolve("sitemap.xml")).status());
            pages = JmxSections.name("/other", other.baseUri().toString(), "pages");
            assertTrue(server.isRegistered(pages), pages.toString());
        } finally {
            other.close();
        }
        assertFalse(server.isRegistered(pages), "unregistered when the filter stopped");
    }

    /**
     * A proxy on this node that sends only X-Forwarded-Proto / X-Forwarded-Host (or Via), as many
     * configurations do, is still a proxy: the loopback status page must stay closed to it.
     */
    @Test
    void loopbackStatusIsClosedToAProxyThatSendsOtherForwardingHeaders() throws Exception {
        Map<String, String> loopback = new HashMap<>(PARAMS);
        loopback.put("sitemapkit.status-view", "loopback");
        try (Container other = start("/local2", loopback)) {
            URI status = other.baseUri().resolve("sitemap.html?status");
            assertEquals(200, Http.get(status).status(), "from 127.0.0.1");
            assertEquals(404, Http.get(status, "X-Forwarded-Proto", "https").status(), "X-Forwarded-Proto");
            assertEquals(
                    404,
                    Http.get(status, "X-Forwarded-Host", "shop.example.com").status(),
                    "X-Forwarded-Host");
            assertEquals(404, Http.get(status, "Via", "1.1 proxy").status(), "Via");
        }
    }

    /**
     * Two applications of one JVM serving the same site at the same context path (a redeploy that
     * overlaps its predecessor, Tomcat's parallel deployment): when the old one stops, the new one's
     * section must still be an MBean and still have its meters.
     */
    @Test
    void theNewApplicationKeepsItsMBeanAndMetersWhenTheOldOneStops() throws Exception {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        Metrics.addRegistry(registry);
        Map<String, String> params = new HashMap<>(PARAMS);
        params.put("sitemapkit.base-url", "https://shop.example.com/dup");
        String site = "https://shop.example.com/dup/";
        ObjectName pages = JmxSections.name("/dup", site, "pages");
        try {
            Container old = start("/dup", params);
            try (Container fresh = start("/dup", params)) {
                try {
                    assertEquals(
                            200, Http.get(old.baseUri().resolve("sitemap.xml")).status());
                    assertEquals(
                            200,
                            Http.get(fresh.baseUri().resolve("sitemap.xml")).status());
                } finally {
                    old.close();
                }
                assertTrue(server.isRegistered(pages), "the running application's section is still an MBean");
                assertTrue(
                        registry.find("sitemapkit.urls").tags("site", site).gauge() != null,
                        "the running application's meters are still there");
            }
        } finally {
            Metrics.removeRegistry(registry);
        }
    }

    @Test
    void aBadSettingFailsStartUpNamingKeyAndValue() {
        Map<String, String> params = new HashMap<>(PARAMS);
        params.put("sitemapkit.max-bytes", "100");
        IllegalStateException e = assertThrows(
                IllegalStateException.class, () -> start("", params).close());
        assertTrue(e.getMessage().contains("sitemapkit.max-bytes=\"100\""), e.getMessage());
    }

    @Test
    void aMissingRulesFileFailsStartUpNamingTheKey() {
        Map<String, String> params = new HashMap<>(PARAMS);
        params.put("sitemapkit.robots", "/WEB-INF/no-such-rules.txt");
        IllegalStateException e = assertThrows(
                IllegalStateException.class, () -> start("", params).close());
        assertTrue(e.getMessage().contains("sitemapkit.robots=\"/WEB-INF/no-such-rules.txt\""), e.getMessage());
    }

    @Override
    Container start(String contextPath, Map<String, String> params) {
        return JettyContainer.start(contextPath, ctx -> {
            params.forEach(ctx::setInitParameter);
            ctx.addEventListener(new ItSources());
            ctx.addServlet(ItControl.class, "/it/control");
            ctx.addServlet(ItPages.class, "/products/*");
            ctx.addServlet(ItPages.class, "/flaky/*");
            if (params.containsKey("it.robots")) {
                ctx.addServlet(ItRobots.class, "/robots.txt").setAsyncSupported(true);
            }
            JettyContainer.serveStatic(ctx, TestWar.dir());
            FilterHolder filter = new FilterHolder(SitemapFilter.class);
            filter.setAsyncSupported(true);
            ctx.addFilter(filter, "/*", EnumSet.of(DispatcherType.REQUEST));
        });
    }
}
