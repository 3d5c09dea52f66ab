package org.sitemapkit.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The command line scripts depend on, and the options it turns into context-params. */
class CommandLineTest {

    @Test
    void defaults() throws Exception {
        CommandLine.Parsed p = CommandLine.parseWith(Map.of());
        assertEquals("127.0.0.1", p.host(), "this machine only, unless asked");
        assertEquals(null, p.options().dbUrl(), "an own in-memory database, unless asked");
        assertEquals(null, p.dbServer(), "served to nobody, unless asked");
        assertEquals(null, p.options().adminToken(), "admin for loopback clients only, unless a token is given");
        assertEquals(8080, p.port());
        assertEquals(120_000, p.options().products());
        assertEquals(Map.of("shop.products", "120000"), p.options().contextParams());
    }

    @Test
    void everyFlagInBothForms() throws Exception {
        CommandLine.Parsed p =
                CommandLine.parse("--port", "0", "--products", "2500", "--base-url", "https://shop.example.com/");
        assertEquals(0, p.port());
        assertEquals(
                Map.of("shop.products", "2500", "sitemapkit.base-url", "https://shop.example.com/"),
                p.options().contextParams());
        CommandLine.Parsed q = CommandLine.parse("--port=9090", "--products=7", "--base-url=http://127.0.0.1:9090");
        assertEquals(9090, q.port());
        assertEquals(7, q.options().products());
        assertEquals("http://127.0.0.1:9090", q.options().baseUrl());
    }

    @Test
    void storeAndClusterFlags() throws Exception {
        CommandLine.Parsed p = CommandLine.parse(
                "--store",
                "disk",
                "--store-dir=/var/tmp/shop",
                "--cluster",
                "127.0.0.1:5701,127.0.0.1:5702",
                "--cluster-port",
                "5702");
        assertEquals("disk", p.options().contextParams().get("sitemapkit.store"));
        assertEquals("/var/tmp/shop", p.options().contextParams().get("sitemapkit.store-dir"));
        assertEquals(new ShopCluster(List.of("127.0.0.1:5701", "127.0.0.1:5702"), 5702), p.cluster());
        assertEquals(null, CommandLine.parse().cluster(), "alone unless asked");
    }

    @Test
    void hostAndAdminToken() throws Exception {
        CommandLine.Parsed p =
                CommandLine.parseWith(Map.of(), "--host", "0.0.0.0", "--admin-token=0123456789abcdef-secret");
        assertEquals("0.0.0.0", p.host());
        assertEquals("0123456789abcdef-secret", p.options().adminToken());
        assertEquals("0123456789abcdef-secret", p.options().contextParams().get("shop.admin-token"));
        assertEquals(
                "from-the-environment-1",
                CommandLine.parseWith(Map.of(CommandLine.ADMIN_TOKEN_ENV, "from-the-environment-1"))
                        .options()
                        .adminToken());
        assertEquals(
                "from-the-command-line",
                CommandLine.parseWith(
                                Map.of(CommandLine.ADMIN_TOKEN_ENV, "from-the-environment-1"),
                                "--admin-token",
                                "from-the-command-line")
                        .options()
                        .adminToken(),
                "the flag wins over the environment");
        for (String[] args : new String[][] {
            {"--admin-token", "short"}, {"--admin-token", "sixteen chars with spaces"}, {"--host", "a b"}, {"--host"}
        }) {
            assertThrows(
                    CommandLine.UsageException.class,
                    () -> CommandLine.parseWith(Map.of(), args),
                    String.join(" ", args));
        }
        assertThrows(
                CommandLine.UsageException.class,
                () -> CommandLine.parseWith(Map.of(CommandLine.ADMIN_TOKEN_ENV, "too-short")));
    }

    @Test
    void databaseFlags() throws Exception {
        CommandLine.Parsed server = CommandLine.parseWith(Map.of(), "--db-server", "9092", "--db-password=s3cret");
        assertEquals(new ShopDatabaseServer(9092), server.dbServer());
        assertEquals("jdbc:h2:tcp://127.0.0.1:9092/shop", server.dbServer().url());
        assertEquals(null, server.options().dbUrl(), "it serves its own database");
        assertEquals("s3cret", server.options().contextParams().get("shop.db-password"));
        assertEquals(
                "from-the-environment",
                CommandLine.parseWith(
                                Map.of(CommandLine.DB_PASSWORD_ENV, "from-the-environment"), "--db-server", "9092")
                        .options()
                        .dbPassword());
        assertEquals(
                "from-the-command-line",
                CommandLine.parseWith(
                                Map.of(CommandLine.DB_PASSWORD_ENV, "from-the-environment"),
                                "--db-server=9092",
                                "--db-password",
                                "from-the-command-line")
                        .options()
                        .dbPassword(),
                "the flag wins over the environment");

        CommandLine.Parsed client = CommandLine.parseWith(
                Map.of(CommandLine.DB_PASSWORD_ENV, "from-the-environment"),
                "--db",
                "jdbc:h2:tcp://127.0.0.1:9092/shop");
        assertEquals(null, client.dbServer());
        assertEquals(
                Map.of(
                        "shop.products", "120000",
                        "shop.db-url", "jdbc:h2:tcp://127.0.0.1:9092/shop",
                        "shop.db-password", "from-the-environment"),
                client.options().contextParams());
        String postgresql = "jdbc:postgresql://127.0.0.1:5432/shop?user=shop";
        assertEquals(
                postgresql,
                CommandLine.parseWith(Map.of(), "--db=" + postgresql).options().dbUrl(),
                "pgjdbc is in the shop");
        assertEquals(
                Map.of("shop.products", "120000"),
                CommandLine.parseWith(Map.of(CommandLine.DB_PASSWORD_ENV, "unused"))
                        .options()
                        .contextParams(),
                "the environment's password is for --db and --db-server only");
    }

    @Test
    void badDatabaseFlagsSayWhichFlagAndWhy() {
        String[][] bad = {
            {"--db-server", "0"},
            {"--db-server", "65536"},
            {"--db-server", "h2"},
            {"--db-server", "9092"},
            {"--db-password", "s3cret"},
            {"--db-password="},
            {"--db", "h2:tcp://127.0.0.1:9092/shop"},
            {"--db", "jdbc:h2:tcp://127.0.0.1:9092/my shop"},
            {"--db", "jdbc:mysql://127.0.0.1:3306/shop"},
            {"--db"},
            {"--db", "jdbc:h2:tcp://127.0.0.1:9092/shop", "--db-server", "9093", "--db-password", "s3cret"},
        };
        String[] because = {
            "--db-server must be an integer from 1 to 65535",
            "--db-server must be an integer from 1 to 65535",
            "--db-server must be an integer from 1 to 65535",
            "--db-server needs a database password",
            "--db-password needs --db or --db-server",
            "--db-password must not be empty",
            "--db: the database URL must be a JDBC URL",
            "--db: the database URL must be a JDBC URL",
            "--db: the shop has no JDBC driver for \"jdbc:mysql://127.0.0.1:3306/shop\"",
            "--db needs a value",
            "--db and --db-server exclude each other",
        };
        for (int i = 0; i < bad.length; i++) {
            String[] args = bad[i];
            CommandLine.UsageException e = assertThrows(
                    CommandLine.UsageException.class,
                    () -> CommandLine.parseWith(Map.of(), args),
                    String.join(" ", args));
            assertTrue(e.getMessage().startsWith(because[i]), e.getMessage());
        }
    }

    @Test
    void help() throws Exception {
        assertTrue(CommandLine.parse("--port", "1", "--help").help());
        assertTrue(CommandLine.USAGE.startsWith("usage: java -jar sitemapkit-sample-app.jar"));
    }

    @Test
    void badCommandLinesAreUsageErrors() {
        String[][] bad = {
            {"--bogus"},
            {"8080"},
            {"--port"},
            {"--port", "65536"},
            {"--port", "-1"},
            {"--port", "http"},
            {"--products", "0"},
            {"--products", "-5"},
            {"--products", "12k"},
            {"--products", "99999999999"},
            {"--base-url", "ftp://shop.example.com/"},
            {"--base-url", "shop.example.com"},
            {"--base-url", "http://shop.example.com/?q"},
            {"--products="},
            {"--store", "redis"},
            {"--store"},
            {"--cluster", "127.0.0.1"},
            {"--cluster", "a:1,b"},
            {"--cluster-port", "0"},
            {"--cluster-port", "70000"},
        };
        for (String[] args : bad) {
            assertThrows(CommandLine.UsageException.class, () -> CommandLine.parse(args), String.join(" ", args));
        }
    }

    @Test
    void optionsCarryOtherSitemapKitSettings() {
        ShopOptions o = ShopOptions.defaults().withProducts(10).withSetting("sitemapkit.max-urls", "100");
        assertEquals(Map.of("shop.products", "10", "sitemapkit.max-urls", "100"), o.contextParams());
        assertThrows(IllegalArgumentException.class, () -> o.withSetting("max-urls", "100"));
    }
}
