package org.sitemapkit.jaxrs.shop;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Function;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The test shop's data: an in-memory H2 database with {@value #PRODUCTS} products and a few
 * categories, read through forward-only cursors. Kept as a servlet context attribute.
 */
public final class Catalog implements AutoCloseable {
    public static final String ATTRIBUTE = Catalog.class.getName();
    public static final int PRODUCTS = 120_000;
    /** The one product whose slug holds a '/', which no {slug} can carry: it must be skipped. */
    public static final long BAD_PRODUCT = 60_000;

    public static final String[] CATEGORIES = {
        "books", "c++", "garden & patio", "kids toys", "ümlaut", "tea:green", "a+b", "é'\"<>"
    };
    /** A category whose name holds a '%', whose encoding Jetty 12 refuses: it must be skipped. */
    public static final String BAD_CATEGORY = "100%-cotton";

    private final String url;
    private final Connection keepAlive;

    private Catalog(String url, Connection keepAlive) {
        this.url = url;
        this.keepAlive = keepAlive;
    }

    /** Creates and fills a fresh database; {@code name} keeps test databases apart. */
    public static Catalog create(String name) throws SQLException {
        // LAZY_QUERY_EXECUTION: results stream from the table instead of being buffered.
        String url = "jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1;LAZY_QUERY_EXECUTION=1";
        Connection c = DriverManager.getConnection(url);
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE product (id BIGINT PRIMARY KEY, slug VARCHAR(200) NOT NULL,"
                    + " updated TIMESTAMP(0) WITH TIME ZONE NOT NULL)");
            s.execute("INSERT INTO product SELECT X,"
                    + " CASE WHEN X = " + BAD_PRODUCT + " THEN 'sale/' || X"
                    + " WHEN MOD(X, 997) = 0 THEN 'café-' || X"
                    + " WHEN MOD(X, 1009) = 0 THEN 'größe 10 ' || X"
                    + " ELSE 'product-' || X END,"
                    + " DATEADD(MINUTE, X, TIMESTAMP WITH TIME ZONE '2026-01-01 00:00:00+00')"
                    + " FROM SYSTEM_RANGE(1, " + PRODUCTS + ")");
            s.execute("CREATE TABLE category (name VARCHAR(100) PRIMARY KEY)");
        }
        try (PreparedStatement p = c.prepareStatement("INSERT INTO category VALUES (?)")) {
            for (String category : CATEGORIES) {
                p.setString(1, category);
                p.executeUpdate();
            }
            p.setString(1, BAD_CATEGORY);
            p.executeUpdate();
        }
        return new Catalog(url, c);
    }

    /** Every product as (id, slug, updated), in id order, over one cursor; close the stream. */
    public <T> Stream<T> products(Function<ResultSet, T> row) throws SQLException {
        return query("SELECT id, slug, updated FROM product ORDER BY id", row);
    }

    public <T> Stream<T> categories(Function<ResultSet, T> row) throws SQLException {
        return query("SELECT name FROM category ORDER BY name", row);
    }

    public Optional<String> slug(long id) throws SQLException {
        try (Connection c = DriverManager.getConnection(url);
                PreparedStatement p = c.prepareStatement("SELECT slug FROM product WHERE id = ?")) {
            p.setLong(1, id);
            try (ResultSet rs = p.executeQuery()) {
                return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
            }
        }
    }

    public boolean hasCategory(String name) throws SQLException {
        try (Connection c = DriverManager.getConnection(url);
                PreparedStatement p = c.prepareStatement("SELECT 1 FROM category WHERE name = ?")) {
            p.setString(1, name);
            try (ResultSet rs = p.executeQuery()) {
                return rs.next();
            }
        }
    }

    public static OffsetDateTime updated(ResultSet rs) {
        try {
            return rs.getObject(3, OffsetDateTime.class);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private <T> Stream<T> query(String sql, Function<ResultSet, T> row) throws SQLException {
        Connection c = DriverManager.getConnection(url);
        try {
            PreparedStatement p = c.prepareStatement(sql, ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY);
            p.setFetchSize(500);
            ResultSet rs = p.executeQuery();
            Iterator<T> it = new Iterator<>() {
                private Boolean ready;

                @Override
                public boolean hasNext() {
                    if (ready == null) {
                        try {
                            ready = rs.next();
                        } catch (SQLException e) {
                            throw new IllegalStateException(e);
                        }
                    }
                    return ready;
                }

                @Override
                public T next() {
                    if (!hasNext()) {
                        throw new NoSuchElementException();
                    }
                    ready = null;
                    return row.apply(rs);
                }
            };
            return StreamSupport.stream(Spliterators.spliteratorUnknownSize(it, Spliterator.ORDERED), false)
                    .onClose(() -> {
                        try {
                            c.close(); // closes the statement and the result set with it
                        } catch (SQLException e) {
                            throw new IllegalStateException(e);
                        }
                    });
        } catch (SQLException | RuntimeException e) {
            c.close();
            throw e;
        }
    }

    @Override
    public void close() throws SQLException {
        try (Statement s = keepAlive.createStatement()) {
            s.execute("SHUTDOWN");
        }
    }
}
