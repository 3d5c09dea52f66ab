package org.sitemapkit.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Predicate;
import org.sitemapkit.testsupport.Crawl;
import org.sitemapkit.testsupport.Http;

/** The JPA WAR (TestWars.feed) as a test drives it: its writes over HTTP, its sitemap as a crawler reads it. */
final class FeedWar {
    private final String base;

    FeedWar(Server server, String context) {
        this.base = server.base(context);
    }

    /**
     * Committed updates, inserts and deletes reach the sitemap with no invalidate call; a
     * rolled-back write does not; an update changes only its own page. A bulk JPQL update does too
     * where the feed sees bulk statements (Hibernate); elsewhere it changes nothing until the
     * explicit invalidate the docs ask for.
     */
    void followsCommittedWrites(boolean seesBulk) {
        Set<String> expected = new TreeSet<>();
        for (long id = 10; id <= 2_000; id += 10) {
            expected.add("/items/" + id + "/i" + id);
        }
        assertEquals(expected, paths());
        Map<String, String> before = pages();

        write("PUT", "items/500?slug=renamed");
        crawlUntil(c -> c.paths(base).contains("/items/500/renamed"));
        Map<String, String> after = pages();
        List<String> changed = before.keySet().stream()
                .filter(p -> !before.get(p).equals(after.get(p)))
                .toList();
        assertEquals(1, changed.size(), "one page changed: " + changed);
        assertTrue(after.get(changed.get(0)).contains("/items/500/renamed"));
        expected.remove("/items/500/i500");
        expected.add("/items/500/renamed");

        write("PUT", "items/700/rolled-back?slug=never");
        write("POST", "items/705?slug=added");
        expected.add("/items/705/added");
        crawlUntil(c -> c.paths(base).contains("/items/705/added"));

        write("DELETE", "items/20");
        expected.remove("/items/20/i20");
        crawlUntil(c -> !c.paths(base).contains("/items/20/i20"));

        write("POST", "items/bulk?prefix=b&max=100");
        if (!seesBulk) {
            try {
                Thread.sleep(1_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            assertTrue(paths().contains("/items/100/i100"), "a bulk statement this ORM hides is not seen");
            write("POST", "sitemap/invalidate");
        }
        for (long id = 10; id <= 100; id += 10) {
            if (expected.remove("/items/" + id + "/i" + id)) {
                expected.add("/items/" + id + "/bi" + id);
            }
        }
        crawlUntil(c -> c.paths(base).contains("/items/100/bi100"));
        assertEquals(expected, paths(), "the rolled-back rename changed nothing; the rest is the table");
        assertEquals(expected, table());

        // flushed, then a second before the commit: a render started at the flush would read the old row
        write("PUT", "items/300/slow?slug=slow");
        crawlUntil(c -> c.paths(base).contains("/items/300/slow"));
    }

    /**
     * 1,000 writes from 8 client threads, each its own transaction (renames, inserts, deletes of
     * random items; a write that meets a missing row fails, as it would in the application), then
     * quiescence: the sitemap lists exactly what the table holds.
     */
    void settlesOnTheTableAfterConcurrentWrites() throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(8);
        List<Future<?>> done = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            done.add(clients.submit(() -> {
                ThreadLocalRandom r = ThreadLocalRandom.current();
                long id = 10L * (1 + r.nextInt(220)) + (r.nextBoolean() ? 5 : 0);
                String method = switch (r.nextInt(3)) {
                    case 0 -> "POST";
                    case 1 -> "DELETE";
                    default -> "PUT";
                };
                String query = method.equals("DELETE") ? "" : "?slug=c" + r.nextInt(1_000);
                Http.send(method, URI.create(base + "/api/items/" + id + query));
            }));
        }
        for (Future<?> f : done) {
            f.get();
        }
        clients.shutdown();
        Set<String> table = table();
        assertEquals(table, crawlUntil(c -> c.paths(base).equals(table)).paths(base));
    }

    /**
     * One transaction inserting 10,000 items renders each page it touched at most once, as the
     * server's log of renders shows: at most one whole render, and no page re-rendered twice.
     */
    void rendersEachPageOnceForTenThousandEntities(Server server) {
        int mark = ServerLog.lines(server.log()).size();
        write("POST", "items/many?from=100000&count=10000");
        crawlUntil(c -> c.paths(base).contains("/items/109999/m109999"));
        List<String> renders = ServerLog.lines(server.log()).stream()
                .skip(mark)
                .filter(l -> l.contains("sitemapkit: rendered items:") || l.contains("sitemapkit: re-rendered page"))
                .toList();
        Set<String> pages = new TreeSet<>();
        long whole = 0;
        for (String line : renders) {
            if (line.contains("rendered items:") && !line.contains("re-rendered")) {
                whole++;
            } else {
                String page = line.replaceAll(".*re-rendered page (\\d+) .*", "$1");
                assertTrue(pages.add(page), "page " + page + " rendered twice:\n" + String.join("\n", renders));
            }
        }
        assertTrue(whole <= 1, whole + " whole renders:\n" + String.join("\n", renders));
        assertTrue(!renders.isEmpty(), "the transaction rendered");
        assertEquals(table(), paths());
    }

    /** What the table holds, as paths, read by the application itself. */
    Set<String> table() {
        Http.Response r = Http.get(base + "/api/items");
        assertEquals(200, r.status(), r.describe());
        return new TreeSet<>(r.text().lines().filter(l -> !l.isBlank()).toList());
    }

    /** Sends a write; each answers 204 once its transaction completed. */
    void write(String method, String path) {
        Http.Response r = Http.send(method, URI.create(base + "/api/" + path));
        assertEquals(204, r.status(), method + " " + path + ": " + r.describe());
    }

    /** The listed paths, from /items/... */
    Set<String> paths() {
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

    /** Crawls until {@code done} holds of a crawl without problems, failing after 30 s. */
    Crawl crawlUntil(Predicate<Crawl> done) {
        return Crawl.until(base + "/sitemap.xml", Duration.ofSeconds(30), done);
    }
}
