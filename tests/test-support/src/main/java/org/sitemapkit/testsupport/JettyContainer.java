package org.sitemapkit.testsupport;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import java.net.URI;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.function.Consumer;
import org.eclipse.jetty.ee10.servlet.DefaultServlet;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * Embedded Jetty 12 (ee10) with one {@link ServletContextHandler} that the test sets up itself: the path of a
 * user who maps SitemapKit's filter in code, with no web.xml and no WEB-INF/lib scanning.
 */
public final class JettyContainer implements Container {

    private final Server server;
    private final URI baseUri;

    private JettyContainer(Server server, URI baseUri) {
        this.server = server;
        this.baseUri = baseUri;
    }

    /** Starts a server with a context at {@code contextPath} ("" or e.g. "/shop") set up by {@code setup}. */
    public static JettyContainer start(String contextPath, Consumer<ServletContextHandler> setup) {
        Container.requireContextPath(contextPath);
        Server server = newServer(0);
        ServletContextHandler context = new ServletContextHandler(contextPath.isEmpty() ? "/" : contextPath);
        setup.accept(context);
        server.setHandler(context);
        return start(server, contextPath);
    }

    /**
     * Starts a server with a context at {@code contextPath} set up by {@code setup}, then {@code filter} mapped to
     * every request ("/*", REQUEST dispatch): an application that maps SitemapKit's filter in code.
     */
    public static JettyContainer start(
            String contextPath, Class<? extends Filter> filter, Consumer<ServletContextHandler> setup) {
        return start(
                contextPath,
                setup.andThen(context ->
                        context.addFilter(new FilterHolder(filter), "/*", EnumSet.of(DispatcherType.REQUEST))));
    }

    /** Starts a server with {@code context}, set up entirely by the caller, at its own context path. */
    public static JettyContainer start(ServletContextHandler context) {
        String path = context.getContextPath();
        Server server = newServer(0);
        server.setHandler(context);
        return start(server, path.equals("/") ? "" : path);
    }

    /** Starts a server built with {@link #newServer(int)} whose handler the caller has set. */
    public static JettyContainer start(Server server, String contextPath) {
        Container.requireContextPath(contextPath);
        try {
            server.start();
        } catch (Exception e) {
            stop(server);
            throw new IllegalStateException("Jetty or its context failed to start: " + e, e);
        }
        int port = ((ServerConnector) server.getConnectors()[0]).getLocalPort();
        return new JettyContainer(server, URI.create("http://127.0.0.1:" + port + contextPath + "/"));
    }

    /** A stopped server listening on 127.0.0.1 at {@code port} (0 picks a free one), without a handler. */
    public static Server newServer(int port) {
        Server server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setPort(port);
        server.addConnector(connector);
        return server;
    }

    /**
     * Serves the files of {@code webRoot} through Jetty's DefaultServlet at "/", with index.html as welcome
     * file and WEB-INF/META-INF hidden, like a WAR; a filter added to the context runs in front of it.
     */
    public static void serveStatic(ServletContextHandler context, Path webRoot) {
        context.setBaseResourceAsPath(webRoot.toAbsolutePath());
        context.setWelcomeFiles(new String[] {"index.html"});
        context.setProtectedTargets(new String[] {"/WEB-INF", "/META-INF"});
        ServletHolder holder = new ServletHolder("default", DefaultServlet.class);
        holder.setInitParameter("dirAllowed", "false");
        context.addServlet(holder, "/");
    }

    @Override
    public URI baseUri() {
        return baseUri;
    }

    /** The underlying server, for tests that inspect it. */
    public Server server() {
        return server;
    }

    @Override
    public void close() {
        stop(server);
    }

    private static void stop(Server server) {
        try {
            server.stop();
        } catch (Exception e) {
            throw new IllegalStateException("Jetty did not stop cleanly", e);
        }
    }
}
