package org.sitemapkit.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.sitemapkit.testsupport.Crawl;
import org.sitemapkit.testsupport.Http;

/** The JPA WAR (TestWars.feed) as a test drives it: its writes over HTTP, its sitemap as a crawler reads it. */
final class FeedWar {
    private final String base;

    FeedWar(Server server) {
        this.base = server.base(TestWars.FEED);
    }

    /** Sends a write; each answers 204 once its transaction completed. */
    void write(String method, String path) {
        Http.Response r = Http.send(method, URI.create(base + "/api/" + path));
        assertEquals(204, r.status(), method + " " + path + ": " + r.describe());
    }

    /** The listed paths, from /items/... */
    java.util.Set<String> paths() {
        return crawlUntil(c -> true).paths(base);
    }

    /** Each page's bytes by its URL. */
    Map<String, String> pages() {
        Map<String, String> bytes = new TreeMap<>();
        for (String page : crawlUntil(c -> true).pages) {
            bytes.put(page, Http.get(page).text());
        }
        return bytes;
    }

    /** Crawls until {@code done} holds and the crawl has no problem, failing after 30 s. */
    Crawl crawlUntil(Predicate<Crawl> done) {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (true) {
            Crawl crawl = Crawl.collect(base + "/sitemap.xml", Http::get);
            if (crawl.problems.isEmpty() && done.test(crawl)) {
                return crawl;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the feed WAR's sitemap did not reach the expected state in 30 s: "
                        + (crawl.problems.isEmpty() ? crawl.urls.size() + " URLs" : crawl.problems));
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }
}
