package org.sitemapkit.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.sitemapkit.testsupport.FreePorts;
import org.sitemapkit.testsupport.Http;

/**
 * {@code java -jar target/sitemapkit-sample-app.jar}, the command scripts run, in a child JVM: bad flags are
 * usage errors with exit code 2, and a good command line starts the shop, logs its URL and stops on SIGTERM.
 */
class CommandLineIT {

    @Test
    void anUnknownFlagPrintsUsageAndExits2() throws Exception {
        Run run = run("--bogus");
        assertEquals(2, run.exitCode, run.output());
        assertTrue(run.output().contains("unknown option: --bogus"), run.output());
        assertTrue(run.output().contains("usage: java -jar sitemapkit-sample-app.jar"), run.output());
    }

    @Test
    void zeroProductsIsAUsageError() throws Exception {
        Run run = run("--products", "0");
        assertEquals(2, run.exitCode, run.output());
        assertTrue(run.output().contains("--products must be an integer from 1"), run.output());
    }

    @Test
    void theDatabaseServerListensOnLoopbackOrNotAtAll() throws Exception {
        ProcessBuilder shop = java(
                "--port",
                "0",
                "--products",
                "10",
                "--db-server",
                Integer.toString(FreePorts.take(1)[0]),
                "--db-password",
                "a-password");
        // As a user's -D would: H2's servers would listen on every address.
        shop.environment().put("JAVA_TOOL_OPTIONS", "-Dh2.bindAddress=0.0.0.0");
        Run run = run(shop);
        assertEquals(1, run.exitCode, run.output());
        assertTrue(
                run.output().contains("--db-server: H2's TCP server would listen on 0.0.0.0, not 127.0.0.1"),
                run.output());
    }

    @Test
    void helpPrintsUsageAndExits0() throws Exception {
        Run run = run("--help");
        assertEquals(0, run.exitCode, run.output());
        assertTrue(run.output().startsWith("usage: "), run.output());
    }

    @Test
    void startsLogsItsUrlsServesAndStopsCleanly() throws Exception {
        SampleProcess shop = SampleProcess.start("--port", "0", "--products", "100");
        try {
            String home = shop.home();
            assertEquals(200, Http.get(home).status());
            // Four sections, one page each: /sitemap.xml is an index.
            String index = Http.get(home + "sitemap.xml").text();
            assertTrue(index.contains("<loc>" + home + "sitemap-products-1.xml</loc>"), index);
            String products = Http.get(home + "sitemap-products-1.xml").text();
            assertTrue(products.contains("<loc>" + home + "products/100/sprocket-100</loc>"), products);
            assertTrue(shop.count(home + "robots.txt") > 0, "logs robots.txt: " + shop.lines());
        } finally {
            // SIGTERM, which runs the shutdown hook as Ctrl-C's SIGINT does.
            shop.close();
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (shop.count("SitemapKit sample shop stopped.") == 0 && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertTrue(shop.count("SitemapKit sample shop stopped.") > 0, "stopped cleanly: " + shop.lines());
    }

    /** A finished run: exit code and everything it printed. */
    private record Run(int exitCode, List<String> lines) {
        String output() {
            return String.join("\n", lines);
        }
    }

    private static Run run(String... args) throws Exception {
        return run(java(args));
    }

    private static Run run(ProcessBuilder command) throws Exception {
        Process p = command.start();
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread reader = drain(p, lines);
        try {
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "exits by itself");
            reader.join(5_000);
            List<String> all = new ArrayList<>();
            lines.drainTo(all);
            return new Run(p.exitValue(), all);
        } finally {
            p.destroyForcibly();
        }
    }

    private static ProcessBuilder java(String... args) {
        return SampleProcess.java(args);
    }

    private static Thread drain(Process p, BlockingQueue<String> lines) {
        return SampleProcess.drain(p, lines);
    }
}
