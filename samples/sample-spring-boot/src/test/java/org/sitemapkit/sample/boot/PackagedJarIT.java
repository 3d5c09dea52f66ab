package org.sitemapkit.sample.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.sitemapkit.testsupport.Crawl;
import org.sitemapkit.testsupport.FreePorts;
import org.sitemapkit.testsupport.Http;

/**
 * The executable jar as a user starts it, {@code java -jar target/sitemapkit-sample-spring-boot.jar},
 * in a child JVM: it starts, and its sitemap lists every page. Its log is printed when this fails.
 */
class PackagedJarIT {
    static final Duration START = Duration.ofSeconds(90);

    @Test
    void theJarStartsAndServesTheWholeSitemap() throws Exception {
        Path jar = Path.of(System.getProperty("sample.jar", "target/sitemapkit-sample-spring-boot.jar"));
        assertTrue(Files.isRegularFile(jar), jar + " is built by mvn package");
        Path log = Path.of("target", "packaged-jar-it.log");
        int port = FreePorts.take(1)[0];
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process shop = new ProcessBuilder(java, "-jar", jar.toString(), "--server.port=" + port)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        try {
            String origin = "http://127.0.0.1:" + port;
            awaitHome(shop, origin + "/");
            // The sitemap first, before robots.txt was ever asked for: its rules apply from the
            // first render, since the starter reads the static file at start-up.
            Crawl crawl = Crawl.of(origin + "/sitemap.xml");
            int pages = ShopSitemapTest.PAGES.size() + ShopSitemapTest.HELP.size();
            assertEquals(pages + ShopSitemapTest.PRODUCTS, crawl.count);
            assertEquals(crawl.count, crawl.urls.size(), "each URL once");
            assertTrue(crawl.urls.containsKey(origin + "/products/42/brass-sprocket-42"));
            assertFalse(crawl.urls.containsKey(origin + "/preview/summer-sale"), "disallowed by robots.txt");
        } catch (AssertionError | RuntimeException e) {
            throw new AssertionError(e.getMessage() + "\n--- " + log + " ---\n" + Files.readString(log), e);
        } finally {
            shop.destroy();
            if (!shop.waitFor(30, TimeUnit.SECONDS)) {
                shop.destroyForcibly();
            }
        }
    }

    /** Polls the home page until it answers 200; fails at the deadline or when the process exits first. */
    static void awaitHome(Process shop, String home) throws InterruptedException {
        long deadline = System.nanoTime() + START.toNanos();
        while (true) {
            assertTrue(shop.isAlive(), "the shop exited with " + (shop.isAlive() ? "" : shop.exitValue()));
            try {
                if (Http.get(home).status() == 200) {
                    return;
                }
            } catch (UncheckedIOException e) {
                // not listening yet
            }
            assertTrue(System.nanoTime() < deadline, "no answer from " + home + " within " + START);
            Thread.sleep(250);
        }
    }
}
