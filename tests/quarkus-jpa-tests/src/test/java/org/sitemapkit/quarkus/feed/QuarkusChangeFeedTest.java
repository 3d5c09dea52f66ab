package org.sitemapkit.quarkus.feed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.hibernate.orm.PersistenceUnitExtension;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.sitemapkit.testsupport.Crawl;
import org.sitemapkit.testsupport.Http;

/**
 * The change feed on Quarkus with Hibernate ORM: the application writes {@code @SitemapSection}
 * products in {@code @Transactional} methods, over HTTP, and never invalidates anything; the sitemap
 * a crawler reads follows the committed writes, by page, and not the rolled-back ones. Each test
 * writes products of its own, so they run in any order on the one application.
 */
@QuarkusTest
class QuarkusChangeFeedTest {

    /** Where the test profile writes the application's log (application.properties). */
    private static final Path LOG = Path.of("target/quarkus-test.log");

    @TestHTTPResource("/")
    URL root;

    @Inject
    ProductPages products;

    /** A qualifier too: Quarkus finds the persistence unit's inspector by it. */
    @Inject
    @PersistenceUnitExtension
    AppStatements statements;

    @Test
    void anUpdateAnInsertAndADeleteEachReRenderOnlyTheirPage() throws Exception {
        Map<String, String> start = pages();
        assertTrue(start.size() >= 10, "1,000 products in pages of at most 100: " + start.keySet());
        products.reads().clear();

        write("PUT", "/api/admin/products/510?slug=renamed");
        crawlUntil(c -> c.paths(origin()).contains("/api/products/510/renamed"));
        Map<String, String> updated = pages();
        assertEquals(List.of(Crawl.pageOf(start, "/api/products/510/")), Crawl.changedPages(start, updated));
        assertEquals(1, products.reads().size(), "one page's rows read: " + products.reads());

        products.reads().clear();
        write("POST", "/api/admin/products/515?slug=new");
        crawlUntil(c -> c.paths(origin()).contains("/api/products/515/new"));
        Map<String, String> inserted = pages();
        assertEquals(List.of(Crawl.pageOf(inserted, "/api/products/515/")), Crawl.changedPages(updated, inserted));
        assertEquals(1, products.reads().size(), "one page's rows read: " + products.reads());

        products.reads().clear();
        write("DELETE", "/api/admin/products/20");
        crawlUntil(c -> !c.paths(origin()).contains("/api/products/20/p20"));
        Map<String, String> deleted = pages();
        assertEquals(List.of(Crawl.pageOf(inserted, "/api/products/20/")), Crawl.changedPages(inserted, deleted));
        assertEquals(1, products.reads().size(), "one page's rows read: " + products.reads());
        assertListsTheTable();
    }

    @Test
    void aRolledBackTransactionRendersNothing() throws Exception {
        Map<String, String> start = pages();
        products.reads().clear();
        assertEquals(
                409,
                Http.send("POST", uri("/api/admin/products/610/fail?insert=615&delete=30&slug=never"))
                        .status());
        // a committed change after it proves the feed works, and that the rollback added nothing to it
        write("PUT", "/api/admin/products/990?slug=after");
        crawlUntil(c -> c.paths(origin()).contains("/api/products/990/after"));
        assertEquals(List.of(Crawl.pageOf(start, "/api/products/990/")), Crawl.changedPages(start, pages()));
        assertEquals(1, products.reads().size(), "only the committed change's page was read: " + products.reads());
        Set<String> listed = Crawl.of(origin() + "/sitemap.xml").paths(origin());
        assertTrue(listed.contains("/api/products/610/p610") && listed.contains("/api/products/30/p30"), "unchanged");
        assertTrue(listed.stream().noneMatch(p -> p.endsWith("/never")), "nothing rolled back is listed");
    }

    @Test
    void aBulkJpqlUpdateReRendersTheSectionWholeAfterItsCommitOnly() throws Exception {
        pages();
        products.reads().clear();
        assertEquals(
                409,
                Http.send("POST", uri("/api/admin/products/bulk?above=9000&prefix=never&fail=true"))
                        .status());
        write("POST", "/api/admin/products/bulk?above=9000&prefix=j");
        crawlUntil(c -> c.paths(origin()).contains("/api/products/10000/jp10000"));
        assertEquals(
                List.of(new ProductPages.Read(Long.MIN_VALUE, Long.MAX_VALUE)),
                products.reads(),
                "one whole render, for the committed statement only");
        assertListsTheTable();
        String log = Files.readString(LOG);
        assertTrue(log.contains("a bulk statement wrote table product"), "the bulk statement is said at INFO");
        assertFalse(log.contains("cannot be given a statement inspector"), "Quarkus' options take an inspector");
        assertTrue(
                statements.seen().stream().anyMatch(sql -> sql.startsWith("update product ")),
                "the application's own inspector still sees the statements: "
                        + statements.seen().size());
    }

    /** http://localhost:port, no trailing slash. */
    String origin() {
        String s = root.toExternalForm();
        return s.endsWith("/") ? s.substring(0, s.length() - 1) : s;
    }

    URI uri(String path) {
        return URI.create(origin() + path);
    }

    /** Sends a write that must succeed (204). */
    void write(String method, String path) {
        Http.Response r = Http.send(method, uri(path));
        assertEquals(204, r.status(), method + " " + path + ": " + r.describe());
    }

    /** Each page's text by its URL, as served now. */
    Map<String, String> pages() {
        return Crawl.pageTexts(origin() + "/sitemap.xml");
    }

    /** Fails unless the sitemap lists exactly the committed rows and the about page. */
    void assertListsTheTable() throws SQLException, InterruptedException {
        Set<String> expected = new TreeSet<>();
        expected.add("/api/about");
        for (Object[] row : products.rows(Long.MIN_VALUE, Long.MAX_VALUE)) {
            expected.add("/api/products/" + row[0] + "/" + row[1]);
        }
        Crawl.assertSameSet(expected, crawlUntil(c -> true).paths(origin()));
    }

    /** Crawls until {@code done} holds, failing after 20 s. */
    Crawl crawlUntil(Predicate<Crawl> done) throws InterruptedException {
        return Crawl.until(origin() + "/sitemap.xml", Duration.ofSeconds(20), done);
    }
}
