package org.sitemapkit.sample;

import java.net.URI;
import java.net.URISyntaxException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the sitemap must list, straight from the shop's database and written out by hand here, independently of
 * the application's providers: the three fixed pages, then a URL per category, product and article.
 */
final class ExpectedUrls {

    private ExpectedUrls() {}

    /** The paths, e.g. {@code /products/1/widget-1}, of a shop running in this JVM. */
    static Set<String> paths() throws SQLException {
        Set<String> paths = new TreeSet<>(Set.of("/", "/about", "/contact"));
        try (Connection c = DriverManager.getConnection(ShopDatabase.JDBC_URL);
                Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT slug FROM category")) {
                while (rs.next()) {
                    paths.add("/categories/" + rs.getString(1));
                }
            }
            try (ResultSet rs = s.executeQuery("SELECT id, slug FROM product")) {
                while (rs.next()) {
                    paths.add("/products/" + rs.getLong(1) + "/" + rs.getString(2));
                }
            }
            try (ResultSet rs = s.executeQuery("SELECT lang, slug FROM article")) {
                while (rs.next()) {
                    paths.add(encoded(
                            (rs.getString(1).equals("en") ? "/en/articles/" : "/de/artikel/") + rs.getString(2)));
                }
            }
        }
        return paths;
    }

    /** The path as it appears in a loc: non-ASCII percent-encoded as UTF-8 (one German slug has an umlaut). */
    static String encoded(String path) {
        try {
            return new URI(null, null, path, null).toASCIIString();
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(path, e);
        }
    }
}
