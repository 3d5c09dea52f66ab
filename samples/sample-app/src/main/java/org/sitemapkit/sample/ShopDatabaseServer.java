package org.sitemapkit.sample;

import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import java.lang.System.Logger.Level;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.sql.SQLException;
import org.h2.engine.SysProperties;
import org.h2.tools.Server;

/**
 * {@code --db-server}: serves this instance's in-memory database to the other instances of the shop over H2's TCP
 * server, on 127.0.0.1 only, as {@code jdbc:h2:tcp://127.0.0.1:PORT/shop}. Registered after {@link ShopDatabase},
 * so the tables are seeded before the first client connects; stopped before the database is dropped. The clients
 * log in with the database password, which this instance's database was created with ({@code --db-password}):
 * whoever may log in may run any SQL, and H2's SQL can run Java code.
 *
 * <p>The server listens on the address in H2's system property {@value #BIND_PROPERTY}, read once, when H2 is
 * first loaded; {@link SampleApp#main} sets it to 127.0.0.1 before that, and this listener refuses to start
 * when it is anything but a loopback address. The server also turns away clients from other machines.
 *
 * @param port the TCP port, 1 to 65535
 */
public record ShopDatabaseServer(int port) implements ServletContextListener {

    /** H2's system property with the address its servers listen on. */
    static final String BIND_PROPERTY = "h2.bindAddress";

    /** The name under which the server offers the shop's database, and no other. */
    static final String NAME = "shop";

    private static final System.Logger LOG = System.getLogger(ShopDatabaseServer.class.getName());

    /** Checks the port. */
    public ShopDatabaseServer {
        if (port < 1 || port > 65_535) {
            throw new IllegalArgumentException("--db-server must be 1 to 65535: " + port);
        }
    }

    /** The URL the other instances give as {@code --db}. */
    public String url() {
        return "jdbc:h2:tcp://127.0.0.1:" + port + "/" + NAME;
    }

    @Override
    public void contextInitialized(ServletContextEvent event) {
        String bind = SysProperties.BIND_ADDRESS;
        if (!loopback(bind)) {
            throw new IllegalStateException("--db-server: H2's TCP server would listen on "
                    + (bind == null || bind.isEmpty() ? "every address" : bind) + ", not 127.0.0.1: set -D"
                    + BIND_PROPERTY + "=127.0.0.1 before H2 is loaded (SampleApp.main does)");
        }
        Server server;
        try {
            // -key: the one database it serves, under a name of its own; no -tcpAllowOthers: this machine only.
            server = Server.createTcpServer(
                            "-tcpPort", Integer.toString(port), "-tcpDaemon", "-key", NAME, databaseName())
                    .start();
        } catch (SQLException e) {
            throw new IllegalStateException(
                    "--db-server: cannot listen on 127.0.0.1:" + port + ": " + e.getMessage(), e);
        }
        event.getServletContext().setAttribute(Server.class.getName(), server);
        LOG.log(Level.INFO, "shop database: served at {0}, to this machine only", url());
    }

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        if (event.getServletContext().getAttribute(Server.class.getName()) instanceof Server server) {
            event.getServletContext().removeAttribute(Server.class.getName());
            server.stop();
        }
    }

    /** {@code mem:shop}, the part of {@link ShopDatabase#JDBC_URL} that names the database. */
    static String databaseName() {
        String url = ShopDatabase.JDBC_URL;
        return url.substring("jdbc:h2:".length(), url.indexOf(';'));
    }

    private static boolean loopback(String address) {
        try {
            return address != null
                    && !address.isEmpty()
                    && InetAddress.getByName(address).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
