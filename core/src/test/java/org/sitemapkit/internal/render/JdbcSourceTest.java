package org.sitemapkit.internal.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.Jdbc;
import org.sitemapkit.source.UrlSource;

/**
 * {@link UrlSource#query} and {@link Jdbc} against a real embedded H2 database: rows mapped one at
 * a time, refused rows skipped, and the connection closed on completion, failure and early stop
 * (counted as H2 sessions).
 */
class JdbcSourceTest {
    static final Site SITE = Site.of("https://shop.example.com/");
    static final JdbcDataSource DB = new JdbcDataSource();
    static final String PRODUCTS = "SELECT id, updated, rank FROM product ORDER BY id";

    @BeforeAll
    static void database() throws SQLException {
        DB.setURL("jdbc:h2:mem:jdbc-source-test;DB_CLOSE_DELAY=-1");
        try (Connection c = DB.getConnection();
                Statement s = c.createStatement()) {
            s.execute("CREATE TABLE product (id BIGINT PRIMARY KEY, updated TIMESTAMP WITH TIME ZONE, rank DOUBLE)");
            // 100 rows; row 13 has a priority no builder accepts
            s.execute("INSERT INTO product SELECT x, TIMESTAMP WITH TIME ZONE '2026-11-22 10:15:30+01:00',"
                    + " CASE WHEN x = 13 THEN 1.5 ELSE 0.5 END FROM SYSTEM_RANGE(1, 100)");
        }
    }

    /** Open sessions other than the one asking. */
    static int openConnections() throws SQLException {
        try (Connection c = DB.getConnection();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM INFORMATION_SCHEMA.SESSIONS")) {
            rs.next();
            return rs.getInt(1) - 1;
        }
    }

    static SitemapUrl product(ResultSet rs, Site site) throws SQLException {
        return SitemapUrl.builder(site.url("/products/" + rs.getLong(1)))
                .lastmod(rs.getObject(2, OffsetDateTime.class))
                .priority(rs.getDouble(3))
                .build();
    }

    static UrlsetWriter render(UrlSource source, RenderControl control) throws IOException {
        return new Renderer(SITE, PageOptions.builder().gzip(false).maxUrls(40).build())
                .renderSection(source.section(), List.of(UrlSources.plan(source)), new MemorySink(false), control);
    }

    @Test
    void everyRowIsOneUrlAndARefusedRowIsSkippedAndCounted() throws Exception {
        int before = openConnections();
        MemorySink sink = new MemorySink(false);
        UrlsetWriter w = new Renderer(SITE, PageOptions.builder().gzip(false).build())
                .renderSection(
                        "products",
                        List.of(UrlSources.plan(UrlSource.query("products", DB, PRODUCTS, JdbcSourceTest::product))),
                        sink);
        assertEquals(99, w.urlCount());
        assertEquals(Map.of(SkipReason.REFUSED_ROW, 1L), w.skipped());
        Validation.validUrlset(sink.xml(0));
        assertTrue(
                sink.text(0)
                        .contains("<url><loc>https://shop.example.com/products/1</loc>"
                                + "<lastmod>2026-11-22T10:15:30+01:00</lastmod><priority>0.5</priority></url>"),
                sink.text(0));
        assertEquals(before, openConnections(), "connection closed once the rows ran out");
    }

    @Test
    void parametersAreBound() throws Exception {
        UrlsetWriter w = render(
                UrlSource.query(
                        "products",
                        DB,
                        "SELECT id FROM product WHERE id BETWEEN ? AND ? ORDER BY id",
                        (rs, site) -> SitemapUrl.of(site.url("/p/" + rs.getLong(1))),
                        10,
                        19),
                new RenderControl());
        assertEquals(10, w.urlCount());
    }

    @Test
    void aColumnThatCannotBeReadFailsTheRenderAndClosesTheConnection() throws Exception {
        int before = openConnections();
        AtomicInteger mapped = new AtomicInteger();
        UrlSource broken = UrlSource.query("products", DB, PRODUCTS, (rs, site) -> {
            if (mapped.incrementAndGet() == 50) {
                rs.getString(9); // no such column: a SQLException
            }
            return product(rs, site);
        });
        SourceException e = assertThrows(SourceException.class, () -> render(broken, new RenderControl()));
        assertTrue(e.getCause().getCause() instanceof SQLException, String.valueOf(e.getCause()));
        assertEquals(50, mapped.get());
        assertEquals(before, openConnections());
    }

    @Test
    void aQueryThatCannotStartClosesTheConnection() throws Exception {
        int before = openConnections();
        UrlSource typo = UrlSource.query("products", DB, "SELECT id FROM produkt", JdbcSourceTest::product);
        assertThrows(SourceException.class, () -> render(typo, new RenderControl()));
        assertEquals(before, openConnections());
    }

    @Test
    void aRenderAbandonedAtItsDeadlineClosesTheConnection() throws Exception {
        int before = openConnections();
        RenderControl control = new RenderControl();
        AtomicInteger mapped = new AtomicInteger();
        UrlSource slow = UrlSource.query("products", DB, PRODUCTS, (rs, site) -> {
            if (mapped.incrementAndGet() == 30) {
                control.abandon(); // what the deadline does, from the timer thread
            }
            return product(rs, site);
        });
        assertThrows(RuntimeException.class, () -> render(slow, control));
        assertTrue(mapped.get() < 100, "stopped early: " + mapped.get());
        assertEquals(before, openConnections());
    }

    @Test
    void aStreamClosedBeforeItsEndClosesTheConnection() throws Exception {
        int before = openConnections();
        try (Stream<Long> ids = Jdbc.stream(DB, "SELECT id FROM product ORDER BY id", rs -> rs.getLong(1))) {
            assertEquals(List.of(1L, 2L, 3L), ids.limit(3).toList());
            assertEquals(before + 1, openConnections(), "open while the stream is");
        }
        assertEquals(before, openConnections());
    }

    @Test
    void aStreamReadToItsEndClosesItselfEvenWhenNobodyClosesIt() throws Exception {
        int before = openConnections();
        assertEquals(
                100,
                Jdbc.stream(DB, "SELECT id FROM product", rs -> rs.getLong(1)).count());
        assertEquals(before, openConnections());
    }
}
