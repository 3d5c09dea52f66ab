package org.sitemapkit.jaxrs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.servlet.DispatcherType;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.logging.Level;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.glassfish.jersey.servlet.ServletContainer;
import org.junit.jupiter.api.Test;
import org.sitemapkit.SitemapFilter;
import org.sitemapkit.jaxrs.shop.PagesApplication;
import org.sitemapkit.testsupport.Crawl;
import org.sitemapkit.testsupport.FreePorts;
import org.sitemapkit.testsupport.Http;
import org.sitemapkit.testsupport.JettyContainer;
import org.sitemapkit.testsupport.LogRecords;

/**
 * Exactly one serving path per application, said in one start-up line: in a servlet container with
 * SitemapKit's filter, the filter serves and the JAX-RS filter stays off; in one that registered no
 * SitemapKit filter (a container that runs no library's initializer), the JAX-RS filter serves.
 */
class OnePathTest {
    @Test
    void withSitemapKitsFilterTheServletFilterServesAlone() throws Exception {
        try (LogRecords logs = LogRecords.of("org.sitemapkit", Level.INFO)) {
            ServletContextHandler context = new ServletContextHandler();
            context.setContextPath("/");
            context.addFilter(SitemapFilter.class, "/*", EnumSet.of(DispatcherType.REQUEST));
            context.addServlet(jersey(null), "/*");
            try (JettyContainer app = JettyContainer.start(context)) {
                Crawl crawl = Crawl.of(app.origin() + "/sitemap.xml");
                assertEquals(3, crawl.urls.size(), crawl.urls::toString);
                assertEquals(1, logs.containing("the servlet filter serves").size(), logs.lines()::toString);
                assertEquals(List.of(), logs.containing("the JAX-RS filter"), logs.lines()::toString);
            }
        }
    }

    @Test
    void withoutItTheJaxrsFilterServes() throws Exception {
        int port = FreePorts.take(1)[0];
        try (LogRecords logs = LogRecords.of("org.sitemapkit", Level.INFO)) {
            ServletContextHandler context = new ServletContextHandler();
            context.setContextPath("/");
            // the JAX-RS filter reads the JAX-RS application's properties, which Jersey's servlet
            // makes of its init-params; it cannot tell the port a request arrived on, so the host names it
            context.addServlet(jersey("127.0.0.1:" + port), "/*");
            Server server = JettyContainer.newServer(port);
            server.setHandler(context);
            try (JettyContainer app = JettyContainer.start(server, "")) {
                String origin = app.origin();
                Crawl crawl = Crawl.of(origin + "/sitemap.xml");
                assertEquals(
                        new TreeSet<>(Set.of(origin + "/", origin + "/about", origin + "/%C3%BCber-uns")),
                        new TreeSet<>(crawl.urls.keySet()));
                assertEquals(
                        1,
                        logs.containing("the JAX-RS filter (the servlet container registered no SitemapKit filter")
                                .size(),
                        logs.lines()::toString);
                assertEquals(List.of(), logs.containing("the servlet filter serves"), logs.lines()::toString);
                // no robots.txt of the application's: Jersey's 404 becomes the Sitemap line alone
                Http.Response robots = Http.get(origin + "/robots.txt");
                assertEquals(200, robots.status(), robots.describe());
                assertEquals("Sitemap: " + origin + "/sitemap.xml\n", robots.text());
                assertTrue(robots.header("ETag").isPresent(), robots.describe());
            }
        }
    }

    private static ServletHolder jersey(String allowedHosts) {
        ServletHolder jersey = new ServletHolder("rest", ServletContainer.class);
        jersey.setInitParameter("jakarta.ws.rs.Application", PagesApplication.class.getName());
        if (allowedHosts != null) {
            jersey.setInitParameter("sitemapkit.allowed-hosts", allowedHosts);
        }
        jersey.setInitOrder(1);
        return jersey;
    }
}
