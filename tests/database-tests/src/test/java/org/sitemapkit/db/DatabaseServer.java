package org.sitemapkit.db;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.sitemapkit.testsupport.Commands;
import org.sitemapkit.testsupport.Dirs;
import org.sitemapkit.testsupport.FreePorts;
import org.sitemapkit.testsupport.PostgresServer;

/**
 * A throwaway PostgreSQL or MariaDB server from Debian's packages, in a temporary folder, on a free
 * loopback port, holding the products table; stopped and deleted by {@link #close}. Where the
 * package is not installed, the test is skipped with a message naming it.
 */
final class DatabaseServer implements AutoCloseable {
    static final int ROWS = 3_000_000;

    /** Row {@code i}'s {@code updated}, as both servers generate it and as getTimestamp reads it back. */
    static Instant updated(long i) {
        return Timestamp.valueOf(LocalDateTime.of(2024, 1, 1, 0, 0).plusSeconds(i * 7919 % 63072000))
                .toInstant();
    }

    static final String TABLE =
            "CREATE TABLE product (id BIGINT PRIMARY KEY, slug VARCHAR(80) NOT NULL, updated TIMESTAMP NOT NULL)";

    final String kind;
    final int port;
    private final PostgresServer postgres;
    private final Path base;
    private final Process process;

    private DatabaseServer(String kind, int port, PostgresServer postgres, Path base, Process process) {
        this.kind = kind;
        this.port = port;
        this.postgres = postgres;
        this.base = base;
        this.process = process;
    }

    static boolean root() {
        return "root".equals(System.getProperty("user.name"));
    }

    /** PostgreSQL, from test-support's {@link PostgresServer}. */
    static DatabaseServer postgresql() throws Exception {
        PostgresServer postgres = PostgresServer.start();
        DatabaseServer server = new DatabaseServer("PostgreSQL", postgres.port(), postgres, null, null);
        server.load("INSERT INTO product SELECT i, 'product-' || md5(i::text), timestamp '2024-01-01'"
                + " + ((i::bigint * 7919) % 63072000) * interval '1 second' FROM generate_series(1, " + ROWS + ") i");
        return server;
    }

    /** MariaDB, without grant tables: every local client is let in. */
    static DatabaseServer mariadb() throws Exception {
        Path daemon = Path.of("/usr/sbin/mariadbd");
        assumeTrue(
                Files.isExecutable(daemon) && Files.isExecutable(Path.of("/usr/bin/mariadb-install-db")),
                "MariaDB is not installed (Debian package mariadb-server): its tests are skipped");
        Path base = Files.createTempDirectory("sitemapkit-mariadb-");
        Path data = base.resolve("data");
        String user = root() ? "root" : System.getProperty("user.name");
        Commands.run(List.of(
                "/usr/bin/mariadb-install-db",
                "--no-defaults",
                "--datadir=" + data,
                "--user=" + user,
                "--skip-test-db",
                "--auth-root-authentication-method=normal"));
        int port = FreePorts.take(1)[0];
        Process process = new ProcessBuilder(
                        daemon.toString(),
                        "--no-defaults",
                        "--datadir=" + data,
                        "--socket=" + base.resolve("sock"),
                        "--port=" + port,
                        "--bind-address=127.0.0.1",
                        "--user=" + user,
                        "--skip-grant-tables",
                        "--innodb-buffer-pool-size=256M",
                        "--innodb-flush-log-at-trx-commit=0",
                        "--log-error=" + base.resolve("error.log"))
                .redirectErrorStream(true)
                .redirectOutput(base.resolve("out.log").toFile())
                .start();
        DatabaseServer server = new DatabaseServer("MariaDB", port, null, base, process);
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            try (Connection c = DriverManager.getConnection(server.mariadbUrl(""), "root", "")) {
                if (c.isValid(5)) {
                    break;
                }
            } catch (SQLException e) {
                if (System.nanoTime() > until || !process.isAlive()) {
                    server.close();
                    throw new IllegalStateException("MariaDB did not start: " + e, e);
                }
                Thread.sleep(200);
            }
        }
        try (Connection c = DriverManager.getConnection(server.mariadbUrl(""), "root", "");
                Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE shop");
        }
        server.load("INSERT INTO product SELECT seq, CONCAT('product-', MD5(seq)), TIMESTAMP '2024-01-01 00:00:00'"
                + " + INTERVAL ((seq * 7919) % 63072000) SECOND FROM seq_1_to_" + ROWS);
        return server;
    }

    String postgresqlUrl() {
        return postgres.url();
    }

    String mariadbUrl(String database) {
        return "jdbc:mariadb://127.0.0.1:" + port + "/" + database;
    }

    String mysqlUrl() {
        return "jdbc:mysql://127.0.0.1:" + port + "/shop?sslMode=DISABLED&allowPublicKeyRetrieval=true";
    }

    /** The JDBC URL and user to reach the products with {@code driver}. */
    String[] connect(String driver) {
        return switch (driver) {
            case "pgjdbc" -> new String[] {postgresqlUrl(), "postgres"};
            case "mariadb" -> new String[] {mariadbUrl("shop"), "root"};
            case "mysql" -> new String[] {mysqlUrl(), "root"};
            default -> throw new IllegalArgumentException(driver);
        };
    }

    private void load(String insert) throws SQLException {
        String[] url = connect(kind.equals("PostgreSQL") ? "pgjdbc" : "mariadb");
        long t = System.nanoTime();
        try (Connection c = DriverManager.getConnection(url[0], url[1], "");
                Statement s = c.createStatement()) {
            s.execute(TABLE);
            s.execute(insert);
        }
        System.out.printf(
                "%s on 127.0.0.1:%d: %,d products loaded in %,d ms%n",
                kind, port, ROWS, (System.nanoTime() - t) / 1_000_000);
    }

    @Override
    public void close() throws IOException {
        if (postgres != null) {
            postgres.close();
            return;
        }
        try {
            process.destroy();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while stopping " + kind, e);
        } finally {
            Dirs.delete(base);
        }
    }
}
