package org.sitemapkit.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The command line scripts depend on, and the options it turns into context-params. */
class CommandLineTest {

    @Test
    void defaults() throws Exception {
        CommandLine.Parsed p = CommandLine.parse();
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
        assertEquals(new ShopCluster(java.util.List.of("127.0.0.1:5701", "127.0.0.1:5702"), 5702), p.cluster());
        assertEquals(null, CommandLine.parse().cluster(), "alone unless asked");
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
