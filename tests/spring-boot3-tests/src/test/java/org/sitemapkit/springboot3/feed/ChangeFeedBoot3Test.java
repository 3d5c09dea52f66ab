package org.sitemapkit.springboot3.feed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Predicate;
import org.hibernate.Version;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.sitemapkit.testsupport.Concurrently;
import org.sitemapkit.testsupport.Crawl;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The change feed on Spring Boot 3.5 with Spring Data JPA, that is Hibernate ORM 6.6, on H2 (here)
 * and on PostgreSQL ({@link PostgresChangeFeedBoot3Test}), the server on a real port: core's
 * Hibernate integrator, compiled against 6.6 and tested on 7 elsewhere, links and hears
 * Spring-managed transactions here. Committed updates, inserts and deletes reach the sitemap, each
 * re-rendering only its page; a rollback renders nothing; a bulk {@code @Modifying @Query}
 * re-renders the section whole after its commit only; 10,000 entities in one transaction render
 * each page at most once; the render after a slow commit reads the committed row; after 1,000
 * concurrent transactions the sitemap is the table.
 */
@SpringBootTest(
        classes = FeedApplication.class,
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "spring.datasource.url=jdbc:h2:mem:boot3feed",
            // the tables are the entities' (the shared test resources' schema.sql is another application's)
            "spring.sql.init.mode=never",
            "spring.jpa.hibernate.ddl-auto=create-drop",
            "spring.jpa.open-in-view=false"
        })
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
class ChangeFeedBoot3Test {
    @Value("${local.server.port}")
    int port;

    @Autowired
    ItemRepository items;

    @Autowired
    TransactionTemplate tx;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    FeedApplication.Reads reads;

    String origin() {
        return "http://127.0.0.1:" + port;
    }

    @BeforeEach
    void rendered() {
        crawlUntil(c -> true);
        reads.list.clear();
    }

    @Test
    void theStackIsBoot35WithHibernate66() {
        assertTrue(SpringBootVersion.getVersion().startsWith("3.5."), SpringBootVersion.getVersion());
        assertTrue(Version.getVersionString().startsWith("6.6."), Version.getVersionString());
    }

    @Test
    void anUpdateAnInsertAndADeleteEachReRenderOnlyTheirPage() {
        Map<String, String> start = pages();

        tx.executeWithoutResult(s -> items.findById(510L).orElseThrow().setSlug("renamed"));
        crawlUntil(c -> c.paths(origin()).contains("/items/510/renamed"));
        Map<String, String> updated = pages();
        assertEquals(List.of(Crawl.pageOf(start, "/items/510/")), Crawl.changedPages(start, updated));
        assertEquals(1, reads.list.size(), "one page's rows read: " + reads.list);

        reads.list.clear();
        tx.executeWithoutResult(s -> items.save(new Item(515, "new")));
        crawlUntil(c -> c.paths(origin()).contains("/items/515/new"));
        Map<String, String> inserted = pages();
        assertEquals(List.of(Crawl.pageOf(inserted, "/items/515/")), Crawl.changedPages(updated, inserted));
        assertEquals(1, reads.list.size(), "one page's rows read: " + reads.list);

        reads.list.clear();
        tx.executeWithoutResult(s -> items.deleteById(2_020L));
        crawlUntil(c -> c.paths(origin()).stream().noneMatch(p -> p.startsWith("/items/2020/")));
        Map<String, String> deleted = pages();
        assertEquals(List.of(Crawl.pageOf(inserted, "/items/2020/")), Crawl.changedPages(inserted, deleted));
        assertEquals(1, reads.list.size(), "one page's rows read: " + reads.list);
        assertListsTheTable();
    }

    @Test
    void aRolledBackTransactionRendersNothing() {
        Map<String, String> start = pages();
        assertThrows(
                IllegalStateException.class,
                () -> tx.executeWithoutResult(s -> {
                    items.findById(3_010L).orElseThrow().setSlug("never");
                    items.save(new Item(3_015, "never"));
                    items.deleteById(3_020L);
                    items.flush(); // written, then rolled back
                    throw new IllegalStateException("rolled back");
                }));
        // a committed change after it proves the feed works, and that the rollback added nothing to it
        tx.executeWithoutResult(s -> items.findById(9_010L).orElseThrow().setSlug("after"));
        crawlUntil(c -> c.paths(origin()).contains("/items/9010/after"));
        assertEquals(List.of(Crawl.pageOf(start, "/items/9010/")), Crawl.changedPages(start, pages()));
        assertEquals(1, reads.list.size(), "only the committed change's page was read: " + reads.list);
        assertListsTheTable();
    }

    @Test
    void aBulkModifyingQueryReRendersTheSectionWholeAfterItsCommitOnly() {
        assertThrows(
                IllegalStateException.class,
                () -> tx.executeWithoutResult(s -> {
                    items.prefix("never-", 10, 10_000);
                    throw new IllegalStateException("rolled back");
                }));
        tx.executeWithoutResult(s -> assertEquals(50, items.prefix("bulk-", 5_010, 5_500)));
        crawlUntil(c -> c.paths(origin()).stream().anyMatch(p -> p.startsWith("/items/5500/bulk-")));
        assertEquals(1, reads.list.size(), "one whole render, for the committed statement only: " + reads.list);
        assertEquals(Long.MIN_VALUE, reads.list.get(0).from());
        assertEquals(Long.MAX_VALUE, reads.list.get(0).to());
        assertTrue(
                crawlUntil(c -> true).paths(origin()).stream().noneMatch(p -> p.contains("never-")),
                "the rolled-back statement changed nothing");
        assertListsTheTable();
    }

    @Test
    void tenThousandEntitiesInOneTransactionRenderEachPageAtMostOnce() {
        int pages = pages().size();
        tx.executeWithoutResult(s -> {
            int renamed = 0;
            for (Item i : items.findAll()) {
                i.setSlug("all-" + i.getId());
                renamed++;
            }
            // the 10,000 seeded, and those other tests inserted, less the one they deleted
            assertTrue(renamed >= 10_000, renamed + " renamed");
        });
        crawlUntil(c -> c.paths(origin()).contains("/items/10/all-10")
                && c.paths(origin()).contains("/items/100000/all-100000"));
        Set<String> ranges = new HashSet<>();
        for (FeedApplication.Read r : reads.list) {
            assertTrue(ranges.add(r.from() + ".." + r.to()), "a page was read twice: " + reads.list);
        }
        assertTrue(
                reads.list.size() == pages || reads.list.size() == 1,
                "each of the " + pages + " pages read once, or the section whole once: " + reads.list);
        assertListsTheTable();
    }

    @Test
    void theRenderAfterACommitReadsTheCommittedRowOfASlowCommit() {
        long[] committing = new long[1];
        tx.executeWithoutResult(s -> {
            items.findById(7_010L).orElseThrow().setSlug("slow");
            items.flush(); // the row is written, not committed: a render now would read the old one
            sleep(1_000);
            assertEquals(List.of(), reads.list, "nothing renders before the commit");
            committing[0] = System.nanoTime();
        });
        crawlUntil(c -> c.paths(origin()).contains("/items/7010/slow"));
        assertEquals(1, reads.list.size(), "one render: " + reads.list);
        assertTrue(reads.list.get(0).nanos() > committing[0], "the page was read after the commit began");
        assertListsTheTable();
    }

    @Test
    void aThousandConcurrentTransactionsOnEightThreadsThenTheSitemapIsTheTable() throws Exception {
        // items 60,000 to 63,995, which no other test writes: the seeded ones (a multiple of 10) are only
        // updated; others (ending in 5) inserted, updated and deleted
        int failed = Concurrently.failures(1_000, 8, () -> {
            ThreadLocalRandom r = ThreadLocalRandom.current();
            long id = 10L * (6_000 + r.nextInt(400)) + (r.nextBoolean() ? 5 : 0);
            tx.executeWithoutResult(s -> {
                Item item = items.findById(id).orElse(null);
                if (item == null) {
                    items.save(new Item(id, "n" + r.nextInt(1_000)));
                } else if (id % 10 == 5 && r.nextInt(3) == 0) {
                    items.delete(item);
                } else {
                    item.setSlug("u" + r.nextInt(1_000));
                }
            });
        });
        assertTrue(failed < 100, failed + " transactions failed on row conflicts");
        assertEquals(
                400,
                jdbc.queryForObject(
                        "SELECT COUNT(*) FROM feed_item WHERE id BETWEEN 60000 AND 63990 AND MOD(id, 10) = 0",
                        Integer.class),
                "the seeded items stay");
        Set<String> table = table();
        Crawl settled = crawlUntil(c -> c.paths(origin()).equals(table));
        Crawl.assertSameSet(table, settled.paths(origin()));
        Concurrently.awaitSteady(reads.list::size, Duration.ofSeconds(30)); // no render left for the next test
    }

    /** Each page's bytes by its URL, as served now. */
    Map<String, String> pages() {
        return Crawl.pageTexts(origin() + "/sitemap.xml");
    }

    Crawl crawlUntil(Predicate<Crawl> done) {
        return Crawl.until(origin() + "/sitemap.xml", Duration.ofSeconds(30), done);
    }

    /** The paths the committed rows make. */
    Set<String> table() {
        return new TreeSet<>(
                jdbc.queryForList("SELECT '/items/' || id || '/' || slug FROM feed_item", String.class));
    }

    /** Fails unless the sitemap lists exactly the committed rows. */
    void assertListsTheTable() {
        Crawl.assertSameSet(table(), crawlUntil(c -> true).paths(origin()));
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
