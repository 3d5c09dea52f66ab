package org.sitemapkit.sample;

import java.io.PrintStream;

import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.glassfish.jersey.servlet.ServletContainer;

/** Runs the SitemapKit sample shop on an embedded Jetty 12 (ee10) server with Jersey. */
public final class SampleApp {

    /** Port used when {@code --port} is not given. */
    public static final int DEFAULT_PORT = 8080;

    static final String USAGE = "usage: java -jar sitemapkit-sample-app.jar [--port N] [--help]"
            + "  (N in 0..65535, default " + DEFAULT_PORT + "; 0 picks a free port)";

    private SampleApp() {
    }

    /**
     * Builds the (not yet started) Jetty server: one connector on {@code port}, a
     * servlet context at "/" and Jersey's {@link ServletContainer} mapped to "/*".
     *
     * @param port TCP port to listen on; 0 picks a free port
     * @return the un-started server
     */
    public static Server newServer(int port) {
        Server server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setPort(port);
        server.addConnector(connector);

        ServletContextHandler context = new ServletContextHandler();
        context.setContextPath("/");
        ServletHolder jersey = new ServletHolder("jersey", ServletContainer.class);
        jersey.setInitParameter("jakarta.ws.rs.Application", ShopApplication.class.getName());
        // No WADL: it needs JAXB, which this app does not ship (and Jersey warns without it).
        jersey.setInitParameter("jersey.config.server.wadl.disableWadl", "true");
        jersey.setInitOrder(0);
        context.addServlet(jersey, "/*");

        server.setHandler(context);
        return server;
    }

    /**
     * Returns the port the server's first connector is actually bound to.
     *
     * @param server a started server built by {@link #newServer(int)}
     * @return the bound local port
     */
    public static int localPort(Server server) {
        return ((ServerConnector) server.getConnectors()[0]).getLocalPort();
    }

    /**
     * Starts the sample app and blocks until it is stopped (Ctrl-C).
     *
     * @param args {@code --port N} and/or {@code --help}
     * @throws Exception if the server cannot start
     */
    public static void main(String[] args) throws Exception {
        int port = DEFAULT_PORT;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if ("--help".equals(arg) || "-h".equals(arg)) {
                System.out.println(USAGE);
                return;
            } else if ("--port".equals(arg) && i + 1 < args.length) {
                port = parsePort(args[++i]);
            } else if (arg.startsWith("--port=")) {
                port = parsePort(arg.substring("--port=".length()));
            } else {
                fail(System.err, "unknown or incomplete option: " + arg);
            }
        }

        Server server = newServer(port);
        server.setStopAtShutdown(true);
        server.start();
        System.out.println("SitemapKit sample app: http://127.0.0.1:" + localPort(server) + "/");
        server.join();
    }

    private static int parsePort(String value) {
        try {
            int port = Integer.parseInt(value);
            if (port >= 0 && port <= 65535) {
                return port;
            }
        } catch (NumberFormatException e) {
            // fall through to usage
        }
        fail(System.err, "bad port: " + value);
        return -1; // not reached
    }

    private static void fail(PrintStream err, String message) {
        err.println("sitemapkit-sample-app: " + message);
        err.println(USAGE);
        System.exit(2);
    }
}
