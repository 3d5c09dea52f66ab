package org.sitemapkit.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.sitemapkit.source.Jdbc;

/**
 * {@code UrlSource.query} over 3,000,000 rows of real servers, in a 64 MiB heap, on every driver
 * users run: pgjdbc on PostgreSQL, MariaDB Connector/J and MySQL Connector/J on MariaDB. pgjdbc
 * and Connector/J read a whole result set into memory unless the query is set up to stream (an
 * OutOfMemoryError before the first row, before SitemapKit did that); each run is compared with
 * the same rows read as the driver's documentation says, the floor (bare, and making the same URLs),
 * the query path alone, and the render alone. The times are printed, not
 * asserted: timing targets belong in benchmarks.
 */
class StreamingQueryTest {
    static final Pattern RESULT = Pattern.compile("rows=(\\d+) millis=(\\d+) peakHeapMiB=([0-9.]+)");

    /** Runs {@link QueryProbe} in a JVM of its own with {@code -Xmx64m}; returns {rows, millis, peak MiB}. */
    static double[] probe(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-Xmx64m",
                "-cp",
                System.getProperty("java.class.path"),
                QueryProbe.class.getName()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(10, TimeUnit.MINUTES), "the probe ended");
        Matcher m = RESULT.matcher(out);
        assertTrue(p.exitValue() == 0 && m.find(), "the probe " + String.join(" ", args) + " failed:\n" + tail(out));
        return new double[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), Double.parseDouble(m.group(3))};
    }

    static String tail(String out) {
        String[] lines = out.split("\n");
        return String.join("\n", List.of(lines).subList(Math.max(0, lines.length - 15), lines.length));
    }

    /**
     * The render of every row in 64 MiB; the query path alone (rows to URLs, not rendered); the floor
     * (rows read as the driver's documentation says); and the render alone (the same URLs made in
     * memory). Prints each, and the ratios: the query path against the floor, and the whole against
     * the floor plus the render alone.
     */
    static void rendersEveryRowIn64MiB(DatabaseServer server, String driver) throws Exception {
        String[] url = server.connect(driver);
        double[] kit = probe("kit", url[0], url[1]);
        double[] stream = probe("stream", url[0], url[1]);
        double[] floor = probe("floor", url[0], url[1], driver);
        double[] floorUrls = probe("floor-urls", url[0], url[1], driver);
        double[] memory = probe("memory", Integer.toString(DatabaseServer.ROWS));
        System.out.printf(
                "%s with %s, %,d rows: UrlSource.query %,.0f ms (peak heap %.1f MiB); query path alone %,.0f ms"
                        + " (%.1f MiB); floor %,.0f ms (%.1f MiB); floor making the same URLs %,.0f ms (%.1f MiB);"
                        + " render alone %,.0f ms (%.1f MiB); query path %.2fx the floor making URLs, %.2fx the bare"
                        + " floor; UrlSource.query %.2fx floor making URLs + render alone%n",
                server.kind,
                driver,
                (long) kit[0],
                kit[1],
                kit[2],
                stream[1],
                stream[2],
                floor[1],
                floor[2],
                floorUrls[1],
                floorUrls[2],
                memory[1],
                memory[2],
                stream[1] / floorUrls[1],
                stream[1] / floor[1],
                kit[1] / (floorUrls[1] + memory[1]));
        assertEquals(DatabaseServer.ROWS, (long) floorUrls[0]);
        assertEquals(DatabaseServer.ROWS, (long) kit[0], "every row is one URL of the sitemap");
        assertEquals(DatabaseServer.ROWS, (long) stream[0]);
        assertEquals(DatabaseServer.ROWS, (long) memory[0]);
        assertEquals(DatabaseServer.ROWS, (long) floor[0]);
    }

    /**
     * A query ends its work on the connection: auto-commit and read-only as they were, no transaction
     * left open. The connection is one physical connection handed out again and again, so what the
     * query changed on it is seen (a pool would reset it behind the library's back).
     */
    static void leavesTheConnectionAsItFoundIt(DatabaseServer server, String driver) throws Exception {
        String[] url = server.connect(driver);
        try (Connection physical = DriverManager.getConnection(url[0], url[1], "")) {
            DataSource one = (DataSource) Proxy.newProxyInstance(
                    StreamingQueryTest.class.getClassLoader(),
                    new Class<?>[] {DataSource.class},
                    (proxy, method, a) -> {
                        if (!method.getName().equals("getConnection")) {
                            throw new UnsupportedOperationException(method.getName());
                        }
                        return Proxy.newProxyInstance(
                                StreamingQueryTest.class.getClassLoader(),
                                new Class<?>[] {Connection.class},
                                (p, m, args) -> m.getName().equals("close") ? null : m.invoke(physical, args));
                    });
            for (int round = 0; round < 2; round++) {
                try (Stream<Long> ids = Jdbc.stream(
                        one, "SELECT id FROM product WHERE id <= ? ORDER BY id", rs -> rs.getLong(1), 100)) {
                    assertEquals(100, ids.count());
                }
                assertTrue(physical.getAutoCommit(), "auto-commit is back on");
                assertFalse(physical.isReadOnly(), "read-only is back off");
            }
            try (Stream<Long> early = Jdbc.stream(one, "SELECT id FROM product ORDER BY id", rs -> rs.getLong(1))) {
                assertEquals(10, early.limit(10).count(), "a stream closed early");
            }
            assertTrue(physical.getAutoCommit(), "auto-commit is back on after a stream closed early");
            physical.setAutoCommit(false); // the application's own transaction: left as it is
            try (Stream<Long> ids = Jdbc.stream(one, "SELECT id FROM product WHERE id <= 5", rs -> rs.getLong(1))) {
                assertEquals(5, ids.count());
            }
            assertFalse(physical.getAutoCommit(), "a connection already in a transaction is left in it");
            physical.rollback();
            physical.setAutoCommit(true);
        }
    }

    /** One server for the tests of a nested class, started before them and stopped after. */
    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    abstract static class OnServer {
        DatabaseServer server;

        abstract DatabaseServer start() throws Exception;

        @BeforeAll
        void startServer() throws Exception {
            server = start();
        }

        @AfterAll
        void stopServer() throws Exception {
            if (server != null) {
                server.close();
            }
        }
    }

    @Nested
    class PostgreSQL extends OnServer {
        @Override
        DatabaseServer start() throws Exception {
            return DatabaseServer.postgresql();
        }

        @Test
        void pgjdbcRendersEveryRowIn64MiB() throws Exception {
            rendersEveryRowIn64MiB(server, "pgjdbc");
        }

        @Test
        void pgjdbcConnectionIsLeftAsItWasFound() throws Exception {
            leavesTheConnectionAsItFoundIt(server, "pgjdbc");
        }
    }

    @Nested
    class MariaDB extends OnServer {
        @Override
        DatabaseServer start() throws Exception {
            return DatabaseServer.mariadb();
        }

        @Test
        void mariadbConnectorRendersEveryRowIn64MiB() throws Exception {
            rendersEveryRowIn64MiB(server, "mariadb");
        }

        @Test
        void mysqlConnectorRendersEveryRowIn64MiB() throws Exception {
            rendersEveryRowIn64MiB(server, "mysql");
        }

        @Test
        void mariadbConnectionIsLeftAsItWasFound() throws Exception {
            leavesTheConnectionAsItFoundIt(server, "mariadb");
        }

        @Test
        void mysqlConnectionIsLeftAsItWasFound() throws Exception {
            leavesTheConnectionAsItFoundIt(server, "mysql");
        }
    }
}
