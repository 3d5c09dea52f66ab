package org.sitemapkit.feedwar;

import jakarta.annotation.Resource;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.sitemapkit.SitemapKit;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;

/**
 * Lists the items table, which JPA made, as stable pages of 50, read over the server's default data
 * source; seeds 200 items when the table is empty. No invalidate call anywhere: the change feed does it.
 */
@WebListener
public class ItemSitemap implements ServletContextListener {
    @Resource(lookup = "java:comp/DefaultDataSource")
    private DataSource db;

    @Override
    public void contextInitialized(ServletContextEvent event) {
        seed();
        SitemapKit.of(event.getServletContext())
                .register(UrlSource.stable(
                                "items",
                                (site, from, to) -> rows(from, to).stream(),
                                (Object[] row) -> (Long) row[0],
                                (row, site) -> SitemapUrl.of(site.url("items/" + row[0] + "/" + row[1])))
                        .maxUrls(50));
    }

    private void seed() {
        try (Connection c = db.getConnection();
                PreparedStatement count = c.prepareStatement("SELECT COUNT(*) FROM feed_item");
                ResultSet rs = count.executeQuery()) {
            rs.next();
            if (rs.getLong(1) > 0) {
                return;
            }
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO feed_item (id, slug) VALUES (?, ?)")) {
                for (long id = 1; id <= 200; id++) {
                    insert.setLong(1, id * 10);
                    insert.setString(2, "i" + id * 10);
                    insert.executeUpdate();
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private List<Object[]> rows(long from, long to) throws SQLException {
        List<Object[]> out = new ArrayList<>();
        try (Connection c = db.getConnection();
                PreparedStatement q =
                        c.prepareStatement("SELECT id, slug FROM feed_item WHERE id BETWEEN ? AND ? ORDER BY id")) {
            q.setLong(1, from);
            q.setLong(2, to);
            try (ResultSet rs = q.executeQuery()) {
                while (rs.next()) {
                    out.add(new Object[] {rs.getLong(1), rs.getString(2)});
                }
            }
        }
        return out;
    }
}
