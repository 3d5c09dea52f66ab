package org.sitemapkit.sample.boot;

import java.time.OffsetDateTime;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.stereotype.Repository;

/** The product table, read with Spring's {@link JdbcTemplate}; the pages and the sitemap share it. */
@Repository
public class Products {
    /** One product; {@link #path()} is its canonical URL, the one the sitemap lists. */
    public record Product(long id, String slug, String name, int priceCents, OffsetDateTime updated) {
        public String path() {
            return "/products/" + id + "/" + slug;
        }

        public String price() {
            return String.format(Locale.ROOT, "%d.%02d EUR", priceCents / 100, priceCents % 100);
        }
    }

    private static final String COLUMNS = "SELECT id, slug, name, price_cents, updated FROM product";
    private static final RowMapper<Product> ROW = (rs, n) -> new Product(
            rs.getLong(1), rs.getString(2), rs.getString(3), rs.getInt(4), rs.getObject(5, OffsetDateTime.class));

    private final JdbcTemplate jdbc;

    public Products(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Every product, read as the caller consumes it; closing the stream releases the connection. */
    public Stream<Product> all() {
        return jdbc.queryForStream(COLUMNS + " ORDER BY id", ROW);
    }

    public Optional<Product> find(long id) {
        return jdbc.query(COLUMNS + " WHERE id = ?", ROW, id).stream().findFirst();
    }

    public Stream<Product> newest(int count) {
        return jdbc.query(COLUMNS + " ORDER BY updated DESC LIMIT ?", ROW, count).stream();
    }
}
