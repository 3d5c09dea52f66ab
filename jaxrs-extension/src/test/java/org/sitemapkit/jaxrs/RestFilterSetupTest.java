package org.sitemapkit.jaxrs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.servlet.DispatcherType;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;
import org.eclipse.jetty.ee10.servlet.DefaultServlet;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.jersey.grizzly2.httpserver.GrizzlyHttpServerFactory;
import org.glassfish.jersey.logging.LoggingFeature;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.servlet.ServletContainer;
import org.junit.jupiter.api.Test;
import org.sitemapkit.jaxrs.edge.Ambiguous;
import org.sitemapkit.jaxrs.shop.PageResource;
import org.sitemapkit.jaxrs.shop.PagesApplication;
import org.sitemapkit.testsupport.Await;
import org.sitemapkit.testsupport.FreePorts;
import org.sitemapkit.testsupport.Http;
import org.sitemapkit.testsupport.JettyContainer;
import org.sitemapkit.testsupport.LogRecords;
import org.sitemapkit.testsupport.SectionBeans;

/**
 * The JAX-RS serving path in the setups around it: an application Jersey refuses after the
 * Feature ran, a logging interceptor that must not turn gzip off, and Jersey as a servlet filter
 * forwarding its 404s to the web application's static robots.txt.
 */
class RestFilterSetupTest {

    private static Set<Thread> sitemapkitThreads() {
        Set<Thread> s = new HashSet<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.isAlive() && t.getName().startsWith("sitemapkit")) {
                s.add(t);
            }
        }
        return s;
    }

    /**
     * The engine starts in Feature.configure; when Jersey then refuses the application (a model
     * error, another Feature that throws), no onShutdown ever comes: the engine's threads, its
     * RUNNING entry and its shutdown hook (holding the class loader) outlive the failed start.
     */
    @Test
    void aStartThatFailsAfterConfigureLeavesNoEngineRunning() throws Exception {
        Set<Thread> before = sitemapkitThreads();
        java.lang.reflect.Field f =
                Class.forName("org.sitemapkit.jaxrs.internal.RestServing").getDeclaredField("RUNNING");
        f.setAccessible(true);
        java.util.Map<?, ?> running = (java.util.Map<?, ?>) f.get(null);
        Set<Object> enginesBefore = new HashSet<>(running.keySet());
        int port = FreePorts.take(1)[0];
        ResourceConfig app = new ResourceConfig(PageResource.class, Ambiguous.class)
                .property("sitemapkit.allowed-hosts", "127.0.0.1:" + port)
                .property("jersey.config.server.wadl.disableWadl", true);
        assertThrows(
                RuntimeException.class,
                () -> GrizzlyHttpServerFactory.createHttpServer(URI.create("http://127.0.0.1:" + port + "/"), app)
                        .shutdownNow());
        Set<Thread> left = sitemapkitThreads();
        for (int i = 0; i < 30 && !left.equals(before); i++) {
            Thread.sleep(100);
            left = sitemapkitThreads();
        }
        left.removeAll(before);
        assertTrue(left.isEmpty(), "threads of an application that never started: " + left);
        Set<Object> engines = new HashSet<>(running.keySet());
        engines.removeAll(enginesBefore);
        assertTrue(engines.isEmpty(), "engines still running for an application that never started: " + engines);
    }

    /**
     * Jersey's LoggingFeature (a ContainerResponseFilter that is also a WriterInterceptor, and only
     * logs) makes encodes() true: every sitemap then goes out inflated, without gzip or Content-Length.
     */
    @Test
    void aLoggingInterceptorDoesNotTurnOffGzip() {
        int port = FreePorts.take(1)[0];
        String origin = "http://127.0.0.1:" + port;
        ResourceConfig app = new ResourceConfig(PageResource.class)
                .register(new LoggingFeature())
                .property("sitemapkit.allowed-hosts", "127.0.0.1:" + port)
                .property("jersey.config.server.wadl.disableWadl", true);
        HttpServer server = GrizzlyHttpServerFactory.createHttpServer(URI.create(origin + "/"), app);
        try {
            Http.Response r = Http.get(origin + "/sitemap.xml", "Accept-Encoding", "gzip");
            assertEquals(200, r.status(), r.describe());
            assertEquals(
                    "gzip",
                    r.header("Content-Encoding").orElse("identity"),
                    r.headers().map().toString());
            Http.Response head = Http.send("HEAD", URI.create(origin + "/sitemap.xml"));
            assertTrue(
                    head.header("Content-Length").isPresent(),
                    "HEAD: " + head.headers().map());
        } finally {
            server.shutdownNow();
        }
    }

    /**
     * Jersey as a servlet filter with forwardOn404, the web application's static robots.txt behind it
     * (a container that runs no initializer, so the JAX-RS filter serves): Jersey's 404 for robots.txt
     * is turned into the generated file before Jersey can forward, and the application's Disallow
     * rules are lost behind a 200.
     */
    @Test
    void aStaticRobotsTxtBehindJerseysForwardOn404IsKept() throws Exception {
        int port = FreePorts.take(1)[0];
        Path root = Files.createTempDirectory("hunt-webapp");
        Files.writeString(root.resolve("humans.txt"), "team\n", StandardCharsets.UTF_8);
        Files.writeString(root.resolve("robots.txt"), "User-agent: *\nDisallow: /private\n", StandardCharsets.UTF_8);
        ServletContextHandler context = new ServletContextHandler();
        context.setContextPath("/");
        context.setBaseResourceAsPath(root);
        FilterHolder jersey = new FilterHolder(ServletContainer.class);
        jersey.setInitParameter("jakarta.ws.rs.Application", PagesApplication.class.getName());
        jersey.setInitParameter("jersey.config.servlet.filter.forwardOn404", "true");
        jersey.setInitParameter("sitemapkit.allowed-hosts", "127.0.0.1:" + port);
        context.addFilter(jersey, "/*", EnumSet.of(DispatcherType.REQUEST));
        context.addServlet(DefaultServlet.class, "/");
        Server server = JettyContainer.newServer(port);
        server.setHandler(context);
        try (JettyContainer app = JettyContainer.start(server, "")) {
            Http.Response humans = Http.get(app.origin() + "/humans.txt");
            assertEquals("team\n", humans.text(), "control: Jersey forwards its 404 " + humans.describe());
            Http.Response robots = Http.get(app.origin() + "/robots.txt");
            assertEquals(200, robots.status(), robots.describe());
            assertTrue(
                    robots.text().contains("Disallow: /private"), "the application's rules are gone: " + robots.text());
        }
    }

    /**
     * Jersey as a servlet in a container that runs no initializer, so the JAX-RS filter serves: it
     * learns where requests arrive from the servlet request Jersey injects, as the servlet filter
     * does, so the listed pages are checked with no verify-origin, each through the connector, and
     * nothing says they cannot be.
     */
    @Test
    void inAServletContainerTheListedPagesAreCheckedWhereRequestsArrive() throws Exception {
        int port = FreePorts.take(1)[0];
        ServletContextHandler context = new ServletContextHandler();
        context.setContextPath("/");
        ServletHolder jersey = new ServletHolder(ServletContainer.class);
        jersey.setInitParameter("jakarta.ws.rs.Application", PagesApplication.class.getName());
        jersey.setInitParameter("sitemapkit.allowed-hosts", "127.0.0.1:" + port);
        jersey.setInitParameter("sitemapkit.verify", "all");
        context.addServlet(jersey, "/*");
        Server server = JettyContainer.newServer(port);
        server.setHandler(context);
        try (LogRecords logs = LogRecords.of("org.sitemapkit", Level.INFO);
                JettyContainer app = JettyContainer.start(server, "")) {
            assertEquals(200, Http.get(app.origin() + "/sitemap.xml").status());
            Map<String, String> verify = Await.until(
                    Duration.ofSeconds(30),
                    () -> SectionBeans.attribute(app.origin() + "/", "Verify"),
                    v -> !v.isEmpty() && !v.containsValue(""),
                    String::valueOf);
            assertEquals(Map.of("pages", "3 checked, all pass"), verify, String.join("\n", logs.lines()));
            assertEquals(
                    List.of(),
                    logs.containing("listed pages are not checked"),
                    "no start-up line nor a later one says the pages cannot be checked");
        }
    }
}
