package org.sitemapkit.sample.boot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.sitemapkit.source.UrlSource;
import org.sitemapkit.testsupport.Concurrently;
import org.sitemapkit.testsupport.Crawl;
import org.sitemapkit.testsupport.Http;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The change feed in the Boot shop as it ships, on a real port: writes through Spring Data JPA
 * (Hibernate, Boot's version), in Spring-managed transactions, reach the sitemap crawled over HTTP
 * with no {@code invalidate} call anywhere. Each subclass runs it on one database. The products
 * section has stable pages, and {@link Reads} records which id ranges a render reads, so a test
 * sees which pages rendered, and when.
 */
@SpringBootTest(
        classes = {ShopApplication.class, ChangeFeedContract.Recording.class},
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "spring.jpa.properties.hibernate.jdbc.batch_size=100")
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
abstract class ChangeFeedContract {
    /** 20,000 products in stable pages of 4,000: sitemap-products-1.xml to -5.xml. */
    static final int PRODUCT_PAGES = 5;

    @Value("${local.server.port}")
    int port;

    @Autowired
    ProductRepository products;

    @Autowired
    ProductAdmin admin;

    @Autowired
    TransactionTemplate tx;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    Reads reads;

    String origin() {
        return "http://127.0.0.1:" + port;
    }

    /** Every test starts from a rendered sitemap, with no read recorded. */
    @BeforeEach
    void rendered() {
        pages();
        reads.clear();
    }

    @Test
    void anUpdateADeleteAndAnInsertEachReachTheSitemapAndChangeOnlyTheirPage() {
        Map<String, String> start = pages();

        tx.executeWithoutResult(s -> products.findById(6_001L).orElseThrow().rename("Renamed Hinge"));
        crawlUntil(c -> c.paths(origin()).contains("/products/6001/renamed-hinge-6001"));
        Map<String, String> updated = pages();
        assertEquals(List.of(Crawl.pageOf(start, "/products/6001/")), Crawl.changedPages(start, updated));
        assertEquals(1, reads.size(), "one page's rows read: " + reads);

        reads.clear();
        tx.executeWithoutResult(s -> products.delete(products.findById(10_002L).orElseThrow()));
        crawlUntil(c -> c.paths(origin()).stream().noneMatch(p -> p.startsWith("/products/10002/")));
        Map<String, String> deleted = pages();
        assertEquals(List.of(Crawl.pageOf(updated, "/products/10002/")), Crawl.changedPages(updated, deleted));
        assertEquals(1, reads.size(), "one page's rows read: " + reads);

        reads.clear();
        tx.executeWithoutResult(s -> products.save(new Product(10_002L, "New Lantern", 1_234)));
        crawlUntil(c -> c.paths(origin()).contains("/products/10002/new-lantern-10002"));
        Map<String, String> inserted = pages();
        assertEquals(List.of(Crawl.pageOf(inserted, "/products/10002/")), Crawl.changedPages(deleted, inserted));
        assertEquals(1, reads.size(), "one page's rows read: " + reads);
        assertListsTheTables();
    }

    @Test
    void aRolledBackTransactionChangesNothing() {
        Map<String, String> start = pages();
        assertThrows(
                IllegalStateException.class,
                () -> tx.executeWithoutResult(s -> {
                    products.findById(7_001L).orElseThrow().rename("Never");
                    products.delete(products.findById(7_002L).orElseThrow());
                    products.save(new Product(30_001L, "Never", 100));
                    products.flush(); // written, then rolled back
                    throw new IllegalStateException("the payment failed");
                }));
        // a committed change after it proves the feed hears this shop, and that the rollback added nothing
        tx.executeWithoutResult(s -> products.findById(12_001L).orElseThrow().rename("After"));
        crawlUntil(c -> c.paths(origin()).contains("/products/12001/after-12001"));
        assertEquals(List.of(Crawl.pageOf(start, "/products/12001/")), Crawl.changedPages(start, pages()));
        assertEquals(1, reads.size(), "only the committed change's page was read: " + reads);
        assertTrue(products.existsById(7_002L));
        assertListsTheTables();
    }

    @Test
    void tenThousandEntitiesInOneTransactionRenderEachPageAtMostOnce() {
        tx.executeWithoutResult(s -> {
            int renamed = 0;
            for (Product p : products.findAll()) {
                if (p.getId() % 2 == 0) {
                    p.rename("Bulk " + p.getId());
                    renamed++;
                }
            }
            assertEquals(10_000, renamed);
        });
        crawlUntil(c -> c.paths(origin()).contains("/products/2/bulk-2")
                && c.paths(origin()).contains("/products/20000/bulk-20000"));
        Set<String> ranges = new HashSet<>();
        for (Read r : reads.list) {
            assertTrue(ranges.add(r.from() + ".." + r.to()), "a page was read twice: " + reads);
        }
        assertTrue(
                reads.size() == PRODUCT_PAGES || reads.size() == 1,
                "each of the " + PRODUCT_PAGES + " pages read once, or the section whole once: " + reads);
        assertListsTheTables();
    }

    @Test
    void aBulkModifyingQueryReRendersTheSectionWholeAfterItsCommitOnly() {
        OffsetDateTime sale = OffsetDateTime.of(2024, 6, 1, 0, 0, 0, 0, ZoneOffset.UTC);
        OffsetDateTime never = OffsetDateTime.of(2024, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC);
        assertThrows(
                IllegalStateException.class,
                () -> tx.executeWithoutResult(s -> {
                    assertTrue(products.touch(1, 20_000, never) > 19_000);
                    throw new IllegalStateException("rolled back");
                }));
        tx.executeWithoutResult(s -> assertEquals(100, products.touch(4_001, 4_100, sale)));
        crawlUntil(c -> lastmod(c, 4_001).equals(sale) && lastmod(c, 4_100).equals(sale));
        assertEquals(1, reads.size(), "one whole render, for the committed statement only: " + reads);
        assertEquals(
                new Read(Long.MIN_VALUE, Long.MAX_VALUE, 0), reads.list.get(0).range());
        assertFalse(lastmod(Crawl.of(origin() + "/sitemap.xml"), 1).equals(never), "the rollback changed nothing");
        assertListsTheTables();
    }

    @Test
    void theRenderAfterACommitReadsTheCommittedRowOfASlowCommit() {
        long[] committing = new long[1];
        tx.executeWithoutResult(s -> {
            products.findById(15_001L).orElseThrow().rename("Slow Sprocket");
            products.flush(); // the row is written, not committed: a render now would read the old one
            sleep(1_000);
            assertEquals(List.of(), reads.list, "nothing renders before the commit");
            committing[0] = System.nanoTime();
        });
        crawlUntil(c -> c.paths(origin()).contains("/products/15001/slow-sprocket-15001"));
        assertEquals(1, reads.size(), "one render: " + reads);
        assertTrue(reads.list.get(0).nanos() > committing[0], "the page was read after the commit began");
        assertListsTheTables();
    }

    @Test
    void aThousandConcurrentTransactionsOnEightThreadsThenTheSitemapIsTheTable() throws Exception {
        // products 16,000 to 19,999, which no other test writes: odd ones are inserted, updated and deleted,
        // even ones only updated, so that the ten thousand entities test still finds 10,000 even ids
        int failed = Concurrently.failures(1_000, 8, () -> {
            ThreadLocalRandom r = ThreadLocalRandom.current();
            long id = 16_000 + r.nextInt(4_000);
            tx.executeWithoutResult(s -> {
                Product p = products.findById(id).orElse(null);
                if (p == null) {
                    products.save(new Product(id, "New " + r.nextInt(1_000), 100));
                } else if (id % 2 == 1 && r.nextInt(3) == 0) {
                    products.delete(p);
                } else {
                    p.rename("Changed " + r.nextInt(1_000));
                }
            });
        });
        assertTrue(failed < 100, failed + " transactions failed on row conflicts");
        assertEquals(10_000, jdbc.queryForObject("SELECT COUNT(*) FROM product WHERE MOD(id, 2) = 0", Integer.class));
        Set<String> table = expected();
        Crawl settled = crawlUntil(c -> c.paths(origin()).equals(table));
        Crawl.assertSameSet(table, settled.paths(origin()));
        Concurrently.awaitSteady(reads::size, Duration.ofSeconds(30)); // no render left for the next test
    }

    @Test
    void theAdminEndpointsWriteAndTheSitemapFollowsWithNoInvalidateCall() {
        Http.Response renamed =
                Http.send("POST", URI.create(origin() + "/admin/products/3001/rename?name=Golden+Sprocket"));
        assertEquals(204, renamed.status(), renamed.describe());
        crawlUntil(c -> c.paths(origin()).contains("/products/3001/golden-sprocket-3001"));
        assertEquals(301, Http.get(origin() + "/products/3001/iron-hinge-3001").status(), "the old slug moves");

        // odd ids only: the ten thousand entities test renames every even one
        assertEquals(
                204,
                Http.send("DELETE", URI.create(origin() + "/admin/products/3003"))
                        .status());
        crawlUntil(c -> c.paths(origin()).stream().noneMatch(p -> p.startsWith("/products/3003/")));
        assertEquals(
                404,
                Http.send("DELETE", URI.create(origin() + "/admin/products/3003"))
                        .status());

        Http.Response touched = Http.send("POST", URI.create(origin() + "/admin/products/touch?first=3005&last=3007"));
        assertEquals(200, touched.status(), touched.describe());
        assertTrue(touched.text().contains("\"touched\":3"), touched.text());
        crawlUntil(c -> lastmod(c, 3_005).isAfter(OffsetDateTime.of(2025, 6, 1, 0, 0, 0, 0, ZoneOffset.UTC)));
        assertListsTheTables();
    }

    /** What the committed rows make: the fixed pages, the help pages and every product's path. */
    Set<String> expected() {
        Set<String> paths = new TreeSet<>(ShopSitemapTest.PAGES);
        paths.addAll(jdbc.queryForList("SELECT '/help' || path FROM help_page", String.class));
        paths.addAll(jdbc.queryForList("SELECT '/products/' || id || '/' || slug FROM product", String.class));
        return paths;
    }

    /** Fails unless the sitemap lists exactly what the committed rows make. */
    void assertListsTheTables() {
        Crawl.assertSameSet(expected(), crawlUntil(c -> true).paths(origin()));
    }

    static OffsetDateTime lastmod(Crawl crawl, long id) {
        return crawl.urls.entrySet().stream()
                .filter(e -> e.getKey().contains("/products/" + id + "/"))
                .map(e -> e.getValue().getLastModified().toInstant().atOffset(ZoneOffset.UTC))
                .findFirst()
                .orElseThrow(() -> new AssertionError("product " + id + " is not listed"));
    }

    /** Each page's bytes by its URL, as served now. */
    Map<String, String> pages() {
        return Crawl.pageTexts(origin() + "/sitemap.xml");
    }

    Crawl crawlUntil(Predicate<Crawl> done) {
        return Crawl.until(origin() + "/sitemap.xml", Duration.ofSeconds(30), done);
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** One read of the products' rows: a page's id range, or the whole section; when it began. */
    record Read(long from, long to, long nanos) {
        Read range() {
            return new Read(from, to, 0);
        }
    }

    /** Records every read of the products' rows, wrapping the shop's own {@code productRows} bean. */
    static final class Reads implements BeanPostProcessor {
        final List<Read> list = new CopyOnWriteArrayList<>();

        @Override
        @SuppressWarnings("unchecked")
        public Object postProcessAfterInitialization(Object bean, String name) {
            if (!"productRows".equals(name)) {
                return bean;
            }
            UrlSource.KeyedRows<ProductSitemap.Row> rows = (UrlSource.KeyedRows<ProductSitemap.Row>) bean;
            return (UrlSource.KeyedRows<ProductSitemap.Row>) (site, from, to) -> {
                list.add(new Read(from, to, System.nanoTime()));
                return rows.open(site, from, to);
            };
        }

        int size() {
            return list.size();
        }

        void clear() {
            list.clear();
        }

        @Override
        public String toString() {
            return list.toString();
        }
    }

    @TestConfiguration(proxyBeanMethods = false)
    static class Recording {
        @Bean
        static Reads reads() {
            return new Reads();
        }
    }
}
