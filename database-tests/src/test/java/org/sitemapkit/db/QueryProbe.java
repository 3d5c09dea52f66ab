package org.sitemapkit.db;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import org.sitemapkit.config.SitemapSettings;
import org.sitemapkit.model.Lastmod;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.service.DiskPageStore;
import org.sitemapkit.service.SitemapService;
import org.sitemapkit.source.UrlSource;
import org.sitemapkit.source.UrlSources;
import org.sitemapkit.testsupport.Dirs;

/**
 * Run in a JVM of its own with a small heap: {@code kit URL USER} renders the products through
 * {@code UrlSource.query} and a HikariCP pool, as the README shows, into a disk store;
 * {@code floor URL USER DRIVER} reads the same rows set up as the driver's documentation says to
 * stream, and discards them. Prints one line: rows, milliseconds and peak heap.
 */
public final class QueryProbe {
    static final String SQL = "SELECT id, slug, updated FROM product ORDER BY id";

    private QueryProbe() {}

    public static void main(String[] args) throws Exception {
        long start = System.nanoTime();
        long rows = args[0].equals("kit") ? kit(args[1], args[2]) : floor(args[1], args[2], args[3]);
        long millis = (System.nanoTime() - start) / 1_000_000;
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        System.out.printf("rows=%d millis=%d peakHeapMiB=%.1f%n", rows, millis, peak / 1048576.0);
    }

    static long kit(String url, String user) throws Exception {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        config.setUsername(user);
        config.setPassword("");
        config.setMaximumPoolSize(2);
        Path pages = Files.createTempDirectory("sitemapkit-probe-");
        try (HikariDataSource db = new HikariDataSource(config)) {
            UrlSource products = UrlSource.query(
                    "products",
                    db,
                    SQL,
                    (rs, site) -> SitemapUrl.builder(site.url("products/" + rs.getLong(1) + "/" + rs.getString(2)))
                            .lastmod(Lastmod.of(rs.getTimestamp(3).toInstant()))
                            .build());
            SitemapSettings settings = SitemapSettings.builder()
                    .renderWait(Duration.ofMinutes(5))
                    .renderDeadline(Duration.ofMinutes(10))
                    .build();
            try (SitemapService service =
                    new SitemapService(settings, new UrlSources().register(products), new DiskPageStore(pages))) {
                return service.section(Site.of("https://shop.example.com/"), "products")
                        .urlCount();
            }
        } finally {
            Dirs.delete(pages);
        }
    }

    static long floor(String url, String user, String driver) throws Exception {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        config.setUsername(user);
        config.setPassword("");
        config.setMaximumPoolSize(2);
        try (HikariDataSource db = new HikariDataSource(config);
                Connection c = db.getConnection()) {
            if (driver.equals("pgjdbc")) {
                c.setAutoCommit(false); // pgjdbc streams only inside a transaction
            }
            try (Statement s = c.createStatement(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY)) {
                s.setFetchSize(driver.equals("mysql") ? Integer.MIN_VALUE : 1_000);
                long rows = 0;
                long hash = 0;
                try (ResultSet rs = s.executeQuery(SQL)) {
                    while (rs.next()) {
                        hash += rs.getLong(1)
                                + rs.getString(2).length()
                                + rs.getTimestamp(3).getTime();
                        rows++;
                    }
                }
                if (hash == 42) {
                    System.out.println("(a hash, read so the columns are not skipped)");
                }
                return rows;
            } finally {
                if (driver.equals("pgjdbc")) {
                    c.rollback();
                    c.setAutoCommit(true);
                }
            }
        }
    }
}
