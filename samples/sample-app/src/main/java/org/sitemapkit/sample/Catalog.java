package org.sitemapkit.sample;

import jakarta.servlet.ServletContext;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javax.sql.DataSource;
import org.sitemapkit.source.Jdbc;

/**
 * The queries behind the shop's HTML pages: small, bounded results (one product, one page of a category),
 * each on its own short-lived connection. The sitemap does not use these: its providers stream whole
 * tables through {@link org.sitemapkit.source.Jdbc}.
 */
final class Catalog {

    /** A product category. */
    record Category(int id, String slug, String name, String blurb) {}

    /** A product. */
    record Product(long id, int categoryId, String slug, String name, int priceCents, OffsetDateTime updated) {

        /** The price as text, e.g. {@code 12.34 EUR}. */
        String price() {
            return String.format(Locale.ROOT, "%d.%02d EUR", priceCents / 100, priceCents % 100);
        }
    }

    /** An article in one language; the same {@code topic} in another language is its translation. */
    record Article(int topic, String lang, String slug, String title, String body, OffsetDateTime updated) {}

    private final DataSource db;

    private Catalog(DataSource db) {
        this.db = db;
    }

    static Catalog of(ServletContext context) {
        return new Catalog(ShopDatabase.dataSource(context));
    }

    List<Category> categories() throws SQLException {
        return list("SELECT id, slug, name, blurb FROM category ORDER BY id", Catalog::category);
    }

    Optional<Category> category(String slug) throws SQLException {
        return first("SELECT id, slug, name, blurb FROM category WHERE slug = ?", Catalog::category, slug);
    }

    Optional<Category> category(int id) throws SQLException {
        return first("SELECT id, slug, name, blurb FROM category WHERE id = ?", Catalog::category, id);
    }

    long productCount(int categoryId) throws SQLException {
        return first("SELECT COUNT(*) FROM product WHERE category_id = ?", rs -> rs.getLong(1), categoryId)
                .orElse(0L);
    }

    /** One page of a category's products, in id order. */
    List<Product> products(int categoryId, long offset, int limit) throws SQLException {
        return list(
                "SELECT id, category_id, slug, name, price_cents, updated FROM product"
                        + " WHERE category_id = ? ORDER BY id LIMIT ? OFFSET ?",
                Catalog::product,
                categoryId,
                limit,
                offset);
    }

    Optional<Product> product(long id) throws SQLException {
        return first(
                "SELECT id, category_id, slug, name, price_cents, updated FROM product WHERE id = ?",
                Catalog::product,
                id);
    }

    List<Article> articles(String lang) throws SQLException {
        return list(
                "SELECT topic, lang, slug, title, body, updated FROM article WHERE lang = ? ORDER BY topic",
                Catalog::article,
                lang);
    }

    Optional<Article> article(String lang, String slug) throws SQLException {
        return first(
                "SELECT topic, lang, slug, title, body, updated FROM article WHERE lang = ? AND slug = ?",
                Catalog::article,
                lang,
                slug);
    }

    Optional<Article> translation(Article article, String lang) throws SQLException {
        return first(
                "SELECT topic, lang, slug, title, body, updated FROM article WHERE topic = ? AND lang = ?",
                Catalog::article,
                article.topic(),
                lang);
    }

    private static Category category(ResultSet rs) throws SQLException {
        return new Category(rs.getInt(1), rs.getString(2), rs.getString(3), rs.getString(4));
    }

    private static Product product(ResultSet rs) throws SQLException {
        return new Product(
                rs.getLong(1),
                rs.getInt(2),
                rs.getString(3),
                rs.getString(4),
                rs.getInt(5),
                rs.getObject(6, OffsetDateTime.class));
    }

    private static Article article(ResultSet rs) throws SQLException {
        return new Article(
                rs.getInt(1),
                rs.getString(2),
                rs.getString(3),
                rs.getString(4),
                rs.getString(5),
                rs.getObject(6, OffsetDateTime.class));
    }

    private <T> Optional<T> first(String sql, Jdbc.Row<T> row, Object... args) throws SQLException {
        List<T> rows = list(sql, row, args);
        return rows.isEmpty() ? Optional.empty() : Optional.of(rows.get(0));
    }

    private <T> List<T> list(String sql, Jdbc.Row<T> row, Object... args) throws SQLException {
        try (Connection c = db.getConnection();
                PreparedStatement p = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                p.setObject(i + 1, args[i]);
            }
            try (ResultSet rs = p.executeQuery()) {
                List<T> result = new ArrayList<>();
                while (rs.next()) {
                    result.add(row.map(rs));
                }
                return result;
            }
        }
    }
}
