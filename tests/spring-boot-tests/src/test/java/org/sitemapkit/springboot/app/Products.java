package org.sitemapkit.springboot.app;

import java.time.OffsetDateTime;
import java.util.stream.Stream;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/** The products table, streamed from the database. */
@Repository
public class Products {
    /** One product row. */
    public record Product(long id, String slug, OffsetDateTime updated) {}

    private final JdbcTemplate jdbc;

    public Products(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Every product, read as the caller consumes; close the stream to release the connection. */
    public Stream<Product> all() {
        return jdbc.queryForStream(
                "SELECT id, slug, updated FROM product ORDER BY id",
                (rs, n) -> new Product(rs.getLong(1), rs.getString(2), rs.getObject(3, OffsetDateTime.class)));
    }

    public int count() {
        Integer n = jdbc.queryForObject("SELECT COUNT(*) FROM product", Integer.class);
        return n == null ? 0 : n;
    }
}
