package org.sitemapkit.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * {@code java -jar target/sitemapkit-sample-app.jar}, the command scripts run, in a child JVM: bad flags are
 * usage errors with exit code 2, and a good command line starts the shop, logs its URL and stops on SIGTERM.
 */
class CommandLineIT {

    private static final String READY = "Press Ctrl-C to stop.";
    private static final Pattern HOME = Pattern.compile("\\s*home page\\s+(http://\\S+/)");

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
    void helpPrintsUsageAndExits0() throws Exception {
        Run run = run("--help");
        assertEquals(0, run.exitCode, run.output());
        assertTrue(run.output().startsWith("usage: "), run.output());
    }

    @Test
    void startsLogsItsUrlsServesAndStopsCleanly() throws Exception {
        Process p = java("--port", "0", "--products", "100").start();
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread reader = drain(p, lines);
        List<String> seen = new ArrayList<>();
        try {
            // The URLs to open, then "Press Ctrl-C to stop." once the shop is up.
            String home = null;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!seen.contains(READY) && System.nanoTime() < deadline) {
                String line = lines.poll(1, TimeUnit.SECONDS);
                if (line != null) {
                    seen.add(line);
                    Matcher m = HOME.matcher(line);
                    home = m.matches() ? m.group(1) : home;
                } else if (!p.isAlive()) {
                    break;
                }
            }
            assertTrue(home != null, "no home page URL logged: " + seen);
            assertEquals(200, Http.get(home).statusCode());
            // Four sections, one page each: /sitemap.xml is an index.
            String index = Http.get(home + "sitemap.xml").body();
            assertTrue(index.contains("<loc>" + home + "sitemap-products-1.xml</loc>"), index);
            String products = Http.get(home + "sitemap-products-1.xml").body();
            assertTrue(products.contains("<loc>" + home + "products/100/sprocket-100</loc>"), products);
            assertTrue(String.join("\n", seen).contains(home + "robots.txt"), "logs robots.txt: " + seen);

            // SIGTERM, which runs the shutdown hook as Ctrl-C's SIGINT does. Through the ProcessHandle: Process.destroy()
            // would also close our end of the pipe, and with it the last lines.
            assertTrue(p.toHandle().destroy());
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "exits after SIGTERM");
            reader.join(5_000);
            lines.drainTo(seen);
            assertTrue(seen.contains("SitemapKit sample shop stopped."), "stopped cleanly: " + seen);
        } finally {
            p.destroyForcibly();
        }
    }

    /** A finished run: exit code and everything it printed. */
    private record Run(int exitCode, List<String> lines) {
        String output() {
            return String.join("\n", lines);
        }
    }

    private static Run run(String... args) throws Exception {
        Process p = java(args).start();
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
