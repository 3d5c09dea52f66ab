package org.sitemapkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.FilterConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.server.Server;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sitemapkit.testsupport.Http;
import org.sitemapkit.testsupport.JettyContainer;

/** The Jetty harness runs a context the test sets up in code, serving target/war like a WAR would. */
class JettyContainerTest {

    @ParameterizedTest
    @ValueSource(strings = {"", "/shop"})
    void servesTheStaticFilesOfTheWar(String contextPath) {
        try (JettyContainer jetty =
                JettyContainer.start(contextPath, ctx -> JettyContainer.serveStatic(ctx, TestWar.dir()))) {
            assertTrue(
                    jetty.baseUri().toString().endsWith(contextPath + "/"),
                    jetty.baseUri().toString());

            Http.Response index = Http.get(jetty.uri("index.html"));
            assertEquals(200, index.status());
            assertTrue(index.header("Content-Type").orElseThrow().startsWith("text/html"));
            assertTrue(index.text().contains("<title>SitemapKit test app</title>"), index.text());

            Http.Response welcome = Http.get(jetty.baseUri());
            assertEquals(200, welcome.status());
            assertEquals(index.text(), welcome.text());

            Http.Response robots = Http.get(jetty.uri("robots.txt"));
            assertEquals(200, robots.status());
            assertEquals("User-agent: *\nDisallow: /private/\nCrawl-delay: 5\n", robots.text());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"WEB-INF/web.xml", "WEB-INF/lib/sitemapkit-core.jar", "no-such-page.html"})
    void doesNotServeWebInfOrMissingFiles(String path) {
        try (JettyContainer jetty = JettyContainer.start("", ctx -> JettyContainer.serveStatic(ctx, TestWar.dir()))) {
            assertEquals(404, Http.get(jetty.uri(path)).status());
        }
    }

    @Test
    void aForgedHostHeaderReachesTheServletUnchanged() {
        try (JettyContainer jetty = JettyContainer.start("/shop", ctx -> {
            JettyContainer.serveStatic(ctx, TestWar.dir());
            ctx.addServlet(HostEcho.class, "/host");
        })) {
            Http.Response forged = Http.get(jetty.uri("host"), "Host", "forged.example:8443");
            assertEquals(200, forged.status());
            assertEquals("forged.example 8443 /shop", forged.text());

            Http.Response plain = Http.get(jetty.uri("host"));
            assertEquals("127.0.0.1 " + jetty.baseUri().getPort() + " /shop", plain.text());
        }
    }

    @Test
    void aServerFromNewServerCanCarryAnyHandler() {
        Server server = JettyContainer.newServer(0);
        ServletContextHandler context = new ServletContextHandler("/");
        context.addServlet(HostEcho.class, "/*");
        server.setHandler(context);
        try (JettyContainer jetty = JettyContainer.start(server, "")) {
            assertEquals(200, Http.get(jetty.uri("anything")).status());
        }
    }

    @Test
    void aContextThatFailsToStartIsReportedNotServed() {
        IllegalStateException e = assertThrows(
                IllegalStateException.class,
                () -> JettyContainer.start("", ctx -> ctx.addFilter(FailingFilter.class, "/*", null)));
        assertTrue(e.getMessage().contains("failed to start"), e.getMessage());
        assertTrue(e.getMessage().contains("misconfigured on purpose"), e.getMessage());
    }

    /** A filter whose init throws, as a misconfigured one should. */
    public static final class FailingFilter implements Filter {

        @Override
        public void init(FilterConfig config) throws ServletException {
            throw new ServletException("misconfigured on purpose");
        }

        @Override
        public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain) {
            throw new AssertionError("never initialised");
        }
    }

    /** Answers with the host, port and context path the container derived from the request. */
    public static final class HostEcho extends HttpServlet {

        private static final long serialVersionUID = 1L;

        @Override
        protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
            response.setContentType("text/plain;charset=UTF-8");
            response.getWriter()
                    .print(request.getServerName() + " " + request.getServerPort() + " " + request.getContextPath());
        }
    }
}
