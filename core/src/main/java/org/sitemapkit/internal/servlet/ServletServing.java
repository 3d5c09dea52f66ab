package org.sitemapkit.internal.servlet;

import jakarta.servlet.FilterChain;
import jakarta.servlet.FilterConfig;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.engine.Engine;
import org.sitemapkit.internal.engine.Host;
import org.sitemapkit.internal.engine.KitState;
import org.sitemapkit.internal.http.Answer;
import org.sitemapkit.internal.http.Documents;
import org.sitemapkit.internal.http.Exchange;

/**
 * The servlet adapter behind {@code org.sitemapkit.SitemapFilter}, which hands it the container's
 * calls: starts the engine for the web application, answers SitemapKit's own paths, and passes
 * every other request down the chain untouched. Kept here so the API package holds no adapter.
 */
public final class ServletServing {
    private Documents documents;
    /** The application's engine, which this adapter started and closes. */
    private Engine engine;

    private ServletContext servletContext;

    /** Made with the filter; serves from {@link #start} on. */
    public ServletServing() {}

    /**
     * Starts the engine: settings made in code on the handle win over those the filter reads.
     *
     * @param config the filter's configuration
     * @param kit what the application's handle holds
     */
    public void start(FilterConfig config, KitState kit) {
        ServletContext context = config.getServletContext();
        documents = Documents.start(kit, new WebApp(config));
        engine = documents.engine();
        servletContext = context;
        ServletStatus.started(context, engine.status(), engine.settings().healthDown());
    }

    /** Stops the engine, if it started. */
    public void stop() {
        if (engine != null) {
            ServletStatus.stopped(servletContext, engine.status());
            engine.close();
        }
    }

    /** Answers one request, or passes it down the chain. */
    public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
            throws IOException, ServletException {
        if (!(req instanceof HttpServletRequest) || !(res instanceof HttpServletResponse)) {
            chain.doFilter(req, res);
            return;
        }
        HttpServletRequest request = (HttpServletRequest) req;
        HttpServletResponse response = (HttpServletResponse) res;
        if (!engine.knowsOrigin()) { // page checks go where requests arrive
            engine.arrivedOn(
                    request.getLocalAddr(),
                    request.getLocalPort(),
                    request.getAttribute("jakarta.servlet.request.cipher_suite") != null);
        }
        Request exchange = new Request(request);
        Answer answer = documents.answer(exchange);
        switch (answer.kind()) {
            case PASS:
                chain.doFilter(req, res);
                return;
            case ROBOTS:
                byte[] robots =
                        AppRobots.answer(engine.robots(), request, response, chain, answer.site(), answer.sitemaps());
                if (robots != null) {
                    send(response, documents.robots(exchange, robots));
                }
                return;
            default:
                send(response, answer);
        }
    }

    private static void send(HttpServletResponse response, Answer answer) throws IOException {
        response.setStatus(answer.status());
        List<String[]> headers = answer.headers();
        for (int i = 0; i < headers.size(); i++) {
            String[] header = headers.get(i);
            response.setHeader(header[0], header[1]);
        }
        if (answer.contentType() != null) {
            response.setContentType(answer.contentType());
        }
        // also on a 304: some containers otherwise add Content-Length: 0, which RFC 9110 §8.6
        // forbids unless 0 is the length the 200 would have had
        response.setContentLength(answer.length());
        if (!answer.bodiless()) {
            byte[] stored = answer.storedBytes();
            OutputStream out = response.getOutputStream();
            if (stored == null || !DirectBodies.write(out, stored)) {
                answer.writeBody(out);
            }
        }
    }

    /** A servlet request as the serving logic reads it. */
    private static final class Request implements Exchange {
        private final HttpServletRequest request;
        private final String path;

        Request(HttpServletRequest request) {
            this.request = request;
            String uri = request.getRequestURI();
            String contextPath = request.getContextPath();
            this.path = uri.startsWith(contextPath) ? uri.substring(contextPath.length()) : uri;
        }

        @Override
        public String method() {
            return request.getMethod();
        }

        @Override
        public String header(String name) {
            String value = request.getHeader(name);
            if (value == null
                    && name.equalsIgnoreCase("Host")
                    && request.getProtocol().startsWith("HTTP/2")) {
                // HTTP/2 carries the host as :authority, which some containers (Open Liberty) do not
                // show as a Host header; the server name and port are made of it
                String host = request.getServerName();
                int port = request.getServerPort();
                if (host != null) {
                    value = (host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host)
                            + (port > 0 ? ":" + port : "");
                }
            }
            return value;
        }

        @Override
        public String query() {
            return request.getQueryString();
        }

        @Override
        public String path() {
            return path;
        }

        @Override
        public String uri() {
            return request.getRequestURI();
        }

        @Override
        public String scheme() {
            return request.getScheme();
        }

        @Override
        public int localPort() {
            return request.getLocalPort();
        }

        @Override
        public String contextPath() {
            return request.getContextPath();
        }

        @Override
        public String remoteAddress() {
            return request.getRemoteAddr();
        }
    }

    /** The web application as the serving logic needs it at start. */
    private static final class WebApp implements Host {
        @Override
        public boolean learnsOrigin() {
            return true;
        }

        private final FilterConfig config;
        private final ServletContext context;

        WebApp(FilterConfig config) {
            this.config = config;
            this.context = config.getServletContext();
        }

        /** Filter init-params, context-params, system properties, then sitemapkit.properties. */
        @Override
        public Settings settings() {
            return ServletSettings.reader(context, config).read();
        }

        @Override
        public String contextPath() {
            return context.getContextPath();
        }

        @Override
        public boolean pagesUnderContextPath() {
            return true;
        }

        @Override
        public byte[] resource(String path) throws IOException {
            try (InputStream in = context.getResourceAsStream(path)) {
                return in == null ? null : in.readAllBytes();
            }
        }

        @Override
        public String resources() {
            return "web application";
        }

        /**
         * The WAR's static {@code /robots.txt}; else the one an adapter handed over from where the
         * application keeps its static files (Spring Boot's {@code classpath:/static}).
         */
        @Override
        public byte[] staticRobots() {
            return StaticRobots.of(context);
        }

        /** The container's temporary directory for this application, as the Servlet spec provides it. */
        @Override
        public Path tempDir() {
            Object dir = context.getAttribute(ServletContext.TEMPDIR);
            if (dir instanceof File) {
                return ((File) dir).toPath().resolve("sitemapkit");
            }
            return Path.of(
                    System.getProperty("java.io.tmpdir"),
                    "sitemapkit" + context.getContextPath().replace('/', '-'));
        }

        @Override
        public ClassLoader classLoader() {
            return context.getClassLoader();
        }

        @Override
        public String adapter() {
            return "the servlet filter";
        }
    }
}
