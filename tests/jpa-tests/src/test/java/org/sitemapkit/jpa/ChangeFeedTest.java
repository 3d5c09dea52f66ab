package org.sitemapkit.jpa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.sitemapkit.testsupport.Crawl;

/**
 * The change feed on Hibernate ORM over H2 and PostgreSQL: committed inserts, updates and deletes
 * reach the sitemap with no {@code invalidate} call, each re-rendering only the pages holding
 * their keys; a rollback renders nothing; a large transaction renders each page it touched once;
 * the render reads the committed row; and after many concurrent transactions the sitemap is the
 * table.
 */
class ChangeFeedTest {

    @ParameterizedTest
    @MethodSource("org.sitemapkit.jpa.Shop#databases")
    void anUpdateAnInsertAndADeleteEachReRenderOnlyTheirPage(Shop.Db db) throws Exception {
        try (Shop shop = Shop.start(db, Shop.products(1_000))) {
            Map<String, String> start = shop.pages();
            assertTrue(start.size() >= 10, "1,000 products in pages of at most 100: " + start.size());
            shop.reads.clear();

            shop.commit(em -> em.find(Product.class, 510L).setSlug("renamed"));
            shop.crawlUntil(c -> c.paths(shop.origin).contains("/products/510/renamed"));
            Map<String, String> updated = shop.pages();
            assertEquals(List.of(Crawl.pageOf(start, "/products/510/")), Crawl.changedPages(start, updated));
            assertEquals(1, shop.reads.size(), "one page's rows read: " + shop.reads);

            shop.reads.clear();
            shop.commit(em -> em.persist(new Product(515, "new")));
            shop.crawlUntil(c -> c.paths(shop.origin).contains("/products/515/new"));
            Map<String, String> inserted = shop.pages();
            assertEquals(List.of(Crawl.pageOf(inserted, "/products/515/")), Crawl.changedPages(updated, inserted));
            assertEquals(1, shop.reads.size(), "one page's rows read: " + shop.reads);

            shop.reads.clear();
            shop.commit(em -> em.remove(em.find(Product.class, 20L)));
            shop.crawlUntil(c -> !c.paths(shop.origin).contains("/products/20/p20"));
            Map<String, String> deleted = shop.pages();
            assertEquals(List.of(Crawl.pageOf(inserted, "/products/20/")), Crawl.changedPages(inserted, deleted));
            assertEquals(1, shop.reads.size(), "one page's rows read: " + shop.reads);
            shop.assertListsTheTables();
        }
    }

    @ParameterizedTest
    @MethodSource("org.sitemapkit.jpa.Shop#databases")
    void aRolledBackTransactionRendersNothing(Shop.Db db) throws Exception {
        try (Shop shop = Shop.start(db, Shop.products(1_000))) {
            Map<String, String> start = shop.pages();
            shop.reads.clear();
            shop.rollback(em -> {
                em.find(Product.class, 510L).setSlug("never");
                em.persist(new Product(515, "never"));
                em.remove(em.find(Product.class, 20L));
            });
            // a committed change after it proves the feed works, and that the rollback added nothing to it
            shop.commit(em -> em.find(Product.class, 990L).setSlug("after"));
            shop.crawlUntil(c -> c.paths(shop.origin).contains("/products/990/after"));
            assertEquals(List.of(Crawl.pageOf(start, "/products/990/")), Crawl.changedPages(start, shop.pages()));
            assertEquals(1, shop.reads.size(), "only the committed change's page was read: " + shop.reads);
        }
    }

    @ParameterizedTest
    @MethodSource("org.sitemapkit.jpa.Shop#databases")
    void tenThousandEntitiesInOneTransactionRenderEachPageAtMostOnce(Shop.Db db) throws Exception {
        try (Shop shop = Shop.start(db, Shop.products(20_000))) {
            int pages = shop.pages().size();
            shop.reads.clear();
            // every other product: 10,000 entities on every page
            shop.commit(em -> {
                for (long id = 20; id <= 200_000; id += 20) {
                    em.find(Product.class, id).setSlug("bulk" + id);
                }
            });
            shop.crawlUntil(c -> c.paths(shop.origin).contains("/products/200000/bulk200000")
                    && c.paths(shop.origin).contains("/products/20/bulk20"));
            Set<String> ranges = new HashSet<>();
            for (Shop.Read r : shop.reads) {
                assertTrue(ranges.add(r.from() + ".." + r.to()), "a page was read twice: " + shop.reads);
            }
            assertTrue(
                    shop.reads.size() == pages || shop.reads.size() == 1,
                    "each of the " + pages + " pages read once, or the section whole once: " + shop.reads.size());
            shop.assertListsTheTables();
        }
    }

    @ParameterizedTest
    @MethodSource("org.sitemapkit.jpa.Shop#databases")
    void theRenderReadsTheCommittedRowOfASlowCommit(Shop.Db db) throws Exception {
        try (Shop shop = Shop.start(db, Shop.products(1_000))) {
            shop.pages();
            shop.reads.clear();
            long[] committing = new long[1];
            shop.commit(em -> {
                em.find(Product.class, 510L).setSlug("slow");
                em.flush(); // the row is written, not committed: a render now would read the old one
                try {
                    Thread.sleep(1_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                assertEquals(List.of(), shop.reads, "nothing renders before the commit");
                committing[0] = System.nanoTime();
            });
            shop.crawlUntil(c -> c.paths(shop.origin).contains("/products/510/slow"));
            assertEquals(1, shop.reads.size());
            assertTrue(shop.reads.get(0).nanos() > committing[0], "the page was read after the commit began");
        }
    }

    @ParameterizedTest
    @MethodSource("org.sitemapkit.jpa.Shop#databases")
    void aThousandConcurrentTransactionsThenTheSitemapIsTheTable(Shop.Db db) throws Exception {
        try (Shop shop = Shop.start(db, Shop.products(2_000))) {
            shop.pages();
            AtomicInteger failed = new AtomicInteger();
            ExecutorService threads = Executors.newFixedThreadPool(8);
            List<Future<?>> done = new ArrayList<>();
            for (int i = 0; i < 1_000; i++) {
                done.add(threads.submit(() -> {
                    ThreadLocalRandom r = ThreadLocalRandom.current();
                    long id = 10L * (1 + r.nextInt(2_200)) + (r.nextBoolean() ? 5 : 0);
                    try {
                        shop.commit(em -> {
                            Product p = em.find(Product.class, id);
                            if (p == null) {
                                em.persist(new Product(id, "n" + r.nextInt(1_000)));
                            } else if (r.nextInt(3) == 0) {
                                em.remove(p);
                            } else {
                                p.setSlug("u" + r.nextInt(1_000));
                            }
                        });
                    } catch (RuntimeException e) {
                        failed.incrementAndGet(); // two transactions on one row: one fails, as a database says
                    }
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
            threads.shutdown();
            assertTrue(threads.awaitTermination(10, TimeUnit.SECONDS));
            assertTrue(failed.get() < 100, failed + " transactions failed");
            Set<String> table = shop.expected();
            Crawl settled = shop.crawlUntil(c -> c.paths(shop.origin).equals(table));
            Crawl.assertSameSet(table, settled.paths(shop.origin));
        }
    }

    @ParameterizedTest
    @MethodSource("org.sitemapkit.jpa.Shop#databases")
    void anEntityRegisteredInCodeAndAPlainSectionFollowTheirCommits(Shop.Db db) throws Exception {
        try (Shop shop = Shop.start(db, Shop.products(1_000))) {
            shop.commit(em -> em.persist(new Review(1, 730, "good")));
            shop.crawlUntil(c -> true);
            shop.reads.clear();
            shop.commit(em -> em.find(Review.class, 1L).setText("better"));
            shop.awaitReads();
            assertEquals(1, shop.reads.size(), "the review's product page rendered: " + shop.reads);
            assertTrue(
                    shop.reads.get(0).from() <= 730 && 730 <= shop.reads.get(0).to(),
                    "the page of product 730: " + shop.reads);

            shop.commit(em -> em.persist(new Article(1, "hello")));
            shop.crawlUntil(c -> c.paths(shop.origin).contains("/articles/hello"));
            shop.commit(em -> em.find(Article.class, 1L).setSlug("hello-again"));
            shop.crawlUntil(c -> c.paths(shop.origin).contains("/articles/hello-again"));
            shop.assertListsTheTables();
        }
    }

    @ParameterizedTest
    @MethodSource("org.sitemapkit.jpa.Shop#databases")
    void aChangeToAnEntitysCollectionAloneReRendersItsPage(Shop.Db db) throws Exception {
        try (Shop shop = Shop.start(db, Shop.products(1_000))) {
            shop.pages();
            shop.reads.clear();
            shop.commit(em -> em.find(Product.class, 730L).getTags().add("new"));
            shop.awaitReads();
            assertEquals(1, shop.reads.size(), "the page of product 730: " + shop.reads);
            assertTrue(
                    shop.reads.get(0).from() <= 730 && 730 <= shop.reads.get(0).to(), shop.reads.toString());
        }
    }

    @ParameterizedTest
    @MethodSource("org.sitemapkit.jpa.Shop#databases")
    void anUpdateOfTheAnnotatedKeyReRendersTheOldKeysPageAndTheNewOnes(Shop.Db db) throws Exception {
        try (Shop shop = Shop.start(db, Shop.products(1_000))) {
            shop.pages();
            shop.commit(em -> em.persist(new Listing(1, 510)));
            shop.awaitReads();
            shop.crawlUntil(c -> true);
            Thread.sleep(300); // the insert's render is over
            shop.reads.clear();
            shop.commit(em -> em.find(Listing.class, 1L).setProductNumber(9_990));
            long deadline = System.nanoTime() + 20_000_000_000L;
            while (!(reads(shop, 510) && reads(shop, 9_990)) && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(reads(shop, 510), "the page of the old key, 510: " + shop.reads);
            assertTrue(reads(shop, 9_990), "the page of the new key, 9990: " + shop.reads);
        }
    }

    /** Whether a render read a key range holding {@code key}. */
    static boolean reads(Shop shop, long key) {
        return shop.reads.stream().anyMatch(r -> r.from() <= key && key <= r.to());
    }

    @ParameterizedTest
    @MethodSource("org.sitemapkit.jpa.Shop#databases")
    void bulkStatementsReRenderTheirEntitysSectionWholeAfterTheCommitOnly(Shop.Db db) throws Exception {
        try (Shop shop = Shop.start(db, Shop.products(1_000))) {
            shop.pages();
            shop.reads.clear();
            shop.rollback(em ->
                    em.createQuery("update Product p set p.slug = 'never'").executeUpdate());
            shop.commit(em -> em.createQuery("update Product p set p.slug = concat('j', p.slug) where p.id <= 500")
                    .executeUpdate());
            shop.crawlUntil(c -> c.paths(shop.origin).contains("/products/500/jp500"));
            assertEquals(1, shop.reads.size(), "one whole render, for the committed statement only: " + shop.reads);
            shop.assertListsTheTables();

            shop.commit(em -> em.createNativeQuery("UPDATE product SET slug = 'native' WHERE id = 990")
                    .executeUpdate());
            shop.crawlUntil(c -> c.paths(shop.origin).contains("/products/990/native"));

            shop.commit(em ->
                    em.createQuery("delete from Product p where p.id > 9000").executeUpdate());
            shop.crawlUntil(c -> !c.paths(shop.origin).contains("/products/10000/p10000"));
            shop.assertListsTheTables();
            assertTrue(
                    Crawl.of(shop.origin + "/sitemap.xml").paths(shop.origin).stream()
                            .noneMatch(p -> p.endsWith("/never")),
                    "the rolled-back bulk statement changed nothing");
        }
    }

    @Test
    void aCommittedChangeIsSentToIndexNowAsAnExplicitInvalidationIs() throws Exception {
        List<JsonNode> submissions = new CopyOnWriteArrayList<>();
        HttpServer endpoint = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        endpoint.createContext("/indexnow", exchange -> {
            submissions.add(new ObjectMapper().readTree(exchange.getRequestBody()));
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        endpoint.start();
        try (Shop shop = Shop.start(
                Shop.Db.H2,
                Shop.products(1_000),
                Map.of(
                        "indexnow-key",
                        "0123456789abcdef",
                        "indexnow-endpoint",
                        "http://127.0.0.1:" + endpoint.getAddress().getPort() + "/indexnow"))) {
            shop.pages();
            shop.commit(em -> em.find(Product.class, 510L).setSlug("renamed"));
            long deadline = System.nanoTime() + 20_000_000_000L;
            while (submissions.isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertEquals(1, submissions.size(), "one submission: " + submissions);
            Set<String> urls = new TreeSet<>();
            submissions.get(0).get("urlList").forEach(u -> urls.add(u.asText()));
            assertEquals(
                    Set.of(shop.origin + "/products/510/p510", shop.origin + "/products/510/renamed"),
                    urls,
                    "the URL the commit removed and the one it added");
        } finally {
            endpoint.stop(0);
        }
    }
}
