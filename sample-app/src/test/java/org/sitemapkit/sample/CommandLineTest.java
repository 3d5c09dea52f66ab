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
        CommandLine.Parsed p = CommandLine.parseWith(null);
        assertEquals("127.0.0.1", p.host(), "this machine only, unless asked");
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
                CommandLine.parseWith(null, "--host", "0.0.0.0", "--admin-token=0123456789abcdef-secret");
        assertEquals("0.0.0.0", p.host());
        assertEquals("0123456789abcdef-secret", p.options().adminToken());
        assertEquals("0123456789abcdef-secret", p.options().contextParams().get("shop.admin-token"));
        assertEquals(
                "from-the-environment-1",
                CommandLine.parseWith("from-the-environment-1").options().adminToken());
        assertEquals(
                "from-the-command-line",
                CommandLine.parseWith("from-the-environment-1", "--admin-token", "from-the-command-line")
                        .options()
                        .adminToken(),
                "the flag wins over the environment");
        for (String[] args : new String[][] {
            {"--admin-token", "short"}, {"--admin-token", "sixteen chars with spaces"}, {"--host", "a b"}, {"--host"}
        }) {
            assertThrows(
                    CommandLine.UsageException.class, () -> CommandLine.parseWith(null, args), String.join(" ", args));
        }
        assertThrows(CommandLine.UsageException.class, () -> CommandLine.parseWith("too-short"));
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
