package org.sitemapkit.quarkus.feed;

import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.sql.DataSource;
import org.sitemapkit.SitemapKit;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;

/**
 * Section "products": stable pages of at most 100 products, read from the table with plain JDBC,
 * registered on the injected handle when the application starts. It records each key range it
 * reads, so a test sees which pages rendered. Nothing invalidates it by hand.
 */
@ApplicationScoped
public class ProductPages {
    /** One read of the products' rows: a page's key range, or the whole section. */
    public record Read(long from, long to) {}

    /** Every read since start, in order. */
    private final List<Read> reads = new CopyOnWriteArrayList<>();

    @Inject
    DataSource db;

    void register(@Observes StartupEvent started, SitemapKit kit) {
        kit.register(UrlSource.stable(
                        "products",
                        (site, from, to) -> {
                            reads.add(new Read(from, to));
                            return rows(from, to).stream();
                        },
                        (Object[] row) -> (Long) row[0],
                        (row, site) -> SitemapUrl.of(site.url("api/products/" + row[0] + "/" + row[1])))
                .maxUrls(100));
    }

    /**
     * The reads since start, in order, live: a method, as a test's injected client proxy does not
     * reach the bean's fields.
     */
    public List<Read> reads() {
        return reads;
    }

    /** The committed rows whose ids lie in {@code from..to}, in id order: {id, slug}. */
    public List<Object[]> rows(long from, long to) throws SQLException {
        List<Object[]> out = new ArrayList<>();
        try (Connection c = db.getConnection();
                PreparedStatement q =
                        c.prepareStatement("SELECT id, slug FROM product WHERE id BETWEEN ? AND ? ORDER BY id")) {
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
