package org.sitemapkit.sample;

import jakarta.servlet.DispatcherType;
import java.util.EnumSet;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.glassfish.jersey.servlet.ServletContainer;
import org.sitemapkit.SitemapFilter;

/**
 * Runs the sample shop on an embedded Jetty 12 (ee10) server: the executable jar's entry point. The WAR holds
 * the same application without this class; there the container does what {@link #newServer} does by hand.
 */
public final class SampleApp {

    /** The address listened on when {@code --host} is not given: this machine only. */
    static final String DEFAULT_HOST = "127.0.0.1";

    /** Port used when {@code --port} is not given. */
    public static final int DEFAULT_PORT = 8080;

    private SampleApp() {}

    /**
     * Builds the shop with the default options.
     *
     * @param port TCP port to listen on; 0 picks a free port
     * @return the un-started server
     * @see #newServer(int, ShopOptions)
     */
    public static Server newServer(int port) {
        return newServer(port, ShopOptions.defaults());
    }

    /**
     * Builds the (not yet started) server: one connector on {@code port} and the shop at the context root. What a
     * servlet container does for the WAR, by itself, is done here in three explicit steps, because Jetty's plain
     * {@code ServletContextHandler} neither scans for {@code @WebListener} nor runs ServletContainerInitializers.
     *
     * @param port TCP port to listen on; 0 picks a free port
     * @param options products, base URL and other settings, passed as context-params
     * @return the un-started server
     */
    public static Server newServer(int port, ShopOptions options) {
        return newServer(port, options, null);
    }

    /**
     * As {@link #newServer(int, ShopOptions)}, joining the other instances of {@code cluster} when it is not null.
     *
     * @param port TCP port to listen on; 0 picks a free port
     * @param options products, base URL and other settings, passed as context-params
     * @param cluster the Hazelcast members to join and this member's port, or null to run alone
     * @return the un-started server
     */
    public static Server newServer(int port, ShopOptions options, ShopCluster cluster) {
        return newServer(DEFAULT_HOST, port, options, cluster);
    }

    /**
     * As {@link #newServer(int, ShopOptions, ShopCluster)}, listening on {@code host}.
     *
     * @param host the address to listen on, e.g. 127.0.0.1 (this machine only) or 0.0.0.0 (every interface)
     * @param port TCP port to listen on; 0 picks a free port
     * @param options products, base URL and other settings, passed as context-params
     * @param cluster the Hazelcast members to join and this member's port, or null to run alone
     * @return the un-started server
     */
    public static Server newServer(String host, int port, ShopOptions options, ShopCluster cluster) {
        return newServer(host, port, options, cluster, null);
    }

    /**
     * As {@link #newServer(String, int, ShopOptions, ShopCluster)}, serving this instance's database to the
     * others when {@code dbServer} is not null.
     *
     * @param host the address to listen on, e.g. 127.0.0.1 (this machine only) or 0.0.0.0 (every interface)
     * @param port TCP port to listen on; 0 picks a free port
     * @param options products, base URL, database and other settings, passed as context-params
     * @param cluster the Hazelcast members to join and this member's port, or null to run alone
     * @param dbServer the port to serve the database on, or null to serve it to nobody
     * @return the un-started server
     */
    public static Server newServer(
            String host, int port, ShopOptions options, ShopCluster cluster, ShopDatabaseServer dbServer) {
        Server server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setHost(host);
        connector.setPort(port);
        server.addConnector(connector);

        ServletContextHandler context = new ServletContextHandler();
        context.setContextPath("/");
        options.contextParams().forEach(context::setInitParameter);

        // 1. The database, created and seeded before anything asks for it (the WAR's @WebListener), then offered
        //    to the other instances if asked: listeners stop in reverse order, so the server stops first.
        context.addEventListener(new ShopDatabase());
        if (dbServer != null) {
            context.addEventListener(dbServer);
        }
        context.addEventListener(new ProductSitemap()); // the products section, with stable pages
        if (cluster != null) {
            context.addEventListener(cluster); // a Hazelcast member and SitemapKit's JCache store on it
        }

        // 2. SitemapKit's filter, mapped by hand as the README documents for Jetty: SitemapInitializer would do it
        //    in a WAR, but this context runs no initializers. Running them all (Jersey's too) would work as well;
        //    one explicit line is simpler to read. It answers only /sitemap*.xml, /sitemap.html and /robots.txt.
        context.addFilter(SitemapFilter.class, "/*", EnumSet.of(DispatcherType.REQUEST));

        // 3. Jersey at /*, loaded at start-up so that SitemapEntryFeature publishes the @SitemapEntry pages then.
        ServletHolder jersey = new ServletHolder("jersey", ServletContainer.class);
        jersey.setInitParameter("jakarta.ws.rs.Application", ShopApplication.class.getName());
        jersey.setInitOrder(0);
        context.addServlet(jersey, "/*");

        server.setHandler(context);
        return server;
    }

    /**
     * Returns the port the server's first connector is actually bound to.
     *
     * @param server a started server built by {@link #newServer(int, ShopOptions)}
     * @return the bound local port
     */
    public static int localPort(Server server) {
        return ((ServerConnector) server.getConnectors()[0]).getLocalPort();
    }

    /**
     * Starts the shop, prints the URLs to open and runs until Ctrl-C (or SIGTERM), which stops it cleanly.
     * Exits with 2 and the usage for a bad command line, with 1 when the server cannot start.
     *
     * @param args see {@code --help}
     */
    public static void main(String[] args) {
        CommandLine.Parsed cl;
        try {
            cl = CommandLine.parse(args);
        } catch (CommandLine.UsageException e) {
            System.err.println("sitemapkit-sample-app: " + e.getMessage());
            System.err.println(CommandLine.USAGE);
            System.exit(2);
            return;
        }
        if (cl.help()) {
            System.out.println(CommandLine.USAGE);
            return;
        }
        oneLineLogs();
        if (cl.dbServer() != null && System.getProperty(ShopDatabaseServer.BIND_PROPERTY) == null) {
            // Before anything loads H2, which reads it once: its TCP server then listens on this machine only.
            System.setProperty(ShopDatabaseServer.BIND_PROPERTY, DEFAULT_HOST);
        }

        Server server = newServer(cl.host(), cl.port(), cl.options(), cl.cluster(), cl.dbServer());
        try {
            server.start();
            if (!((ServletContextHandler) server.getHandler()).isAvailable()) {
                throw new IllegalStateException("the web application did not start; the log above says why");
            }
        } catch (Exception e) {
            System.err.println("sitemapkit-sample-app: cannot start: " + e.getMessage());
            stop(server);
            System.exit(1);
            return;
        }
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            stop(server);
                            System.out.println("SitemapKit sample shop stopped.");
                        },
                        "sample-app-shutdown"));

        boolean everywhere = cl.host().equals("0.0.0.0") || cl.host().equals("::");
        String address = everywhere || cl.host().contains(":") ? "127.0.0.1" : cl.host();
        String local = "http://" + address + ":" + localPort(server) + "/";
        long products = ShopDatabase.productCount(((ServletContextHandler) server.getHandler()).getServletContext());
        String database = cl.options().dbUrl() != null
                ? "  Its database is " + ShopDatabase.printable(cl.options().dbUrl()) + " (--db), shared."
                : cl.dbServer() != null
                        ? "  Its database is in memory, served to the other instances as "
                                + cl.dbServer().url() + " (--db-server)."
                        : "  Its database is in memory, its own.";
        System.out.println(String.join(
                System.lineSeparator(),
                "SitemapKit sample shop is running with " + products + " products. Open:",
                "  home page     " + local,
                "  sitemap       " + local + "sitemap.xml",
                "  for people    " + local + "sitemap.html",
                "  robots.txt    " + local + "robots.txt",
                cl.options()
                        .baseUrlIfSet()
                        .map(u -> "  The sitemap lists URLs under " + u + " (--base-url).")
                        .orElse("  The sitemap follows the Host you use: localhost or 127.0.0.1."),
                "  Listening on " + cl.host()
                        + (cl.host().equals(DEFAULT_HOST) ? " (this machine only; --host for others)" : "")
                        + ". The admin endpoints answer "
                        + (cl.options().adminToken() == null
                                ? "clients on this machine only (--admin-token lets others in)."
                                : "clients on this machine, and others with the admin token."),
                database,
                "Press Ctrl-C to stop."));
        try {
            server.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void stop(Server server) {
        try {
            server.stop();
        } catch (Exception e) {
            System.err.println("sitemapkit-sample-app: stopping failed: " + e);
        }
    }

    /**
     * SitemapKit and Jersey log through java.util.logging, whose default takes two lines per record; one line
     * reads better next to Jetty's SLF4J lines. A {@code -Djava.util.logging.*} of the user's wins.
     */
    private static void oneLineLogs() {
        if (System.getProperty("java.util.logging.SimpleFormatter.format") == null
                && System.getProperty("java.util.logging.config.file") == null) {
            System.setProperty("java.util.logging.SimpleFormatter.format", "%1$tT.%1$tL %4$s %3$s - %5$s%6$s%n");
        }
    }
}
