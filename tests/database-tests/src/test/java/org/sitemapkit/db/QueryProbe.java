package org.sitemapkit.db;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.function.LongSupplier;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.sitemapkit.SitemapKit;
import org.sitemapkit.model.Lastmod;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.Jdbc;
import org.sitemapkit.source.UrlSource;
import org.sitemapkit.testsupport.Dirs;

/**
 * Run in a JVM of its own with a small heap: {@code kit URL USER} writes the products through
 * {@code UrlSource.query} and a HikariCP pool, as the README shows, with the public
 * {@code SitemapKit.write} into a temporary directory (gzip pages and the index);
 * {@code stream URL USER} runs the query path alone (Jdbc.stream, rows made into URLs, counted);
 * {@code floor URL USER DRIVER} reads the same rows set up as the driver's documentation says to
 * stream, and discards them; {@code floor-urls} also makes each into the same URL;
 * {@code memory ROWS} writes the same URLs made in memory, without a database, the same way.
 * Prints one line: rows, milliseconds and peak heap.
 *
 * <p>No mode needs the engine's internals. What is measured is the JDBC source, the render and
 * the gzip pages, and {@code SitemapKit.write} runs those with the renderer and default page
 * options the filter's service uses. The service's own work around them (each page kept in a
 * store with its ETag, change tracking, render deadlines) is not what these tests are about.
 */
public final class QueryProbe {
    static final String SQL = "SELECT id, slug, updated FROM product ORDER BY id";

    private QueryProbe() {}

    public static void main(String[] args) throws Exception {
        long start = System.nanoTime();
        LongSupplier rows = switch (args[0]) {
            case "kit" -> kit(args[1], args[2]);
            case "stream" -> counted(stream(args[1], args[2]));
            case "memory" -> memory(Long.parseLong(args[1]));
            case "floor-urls" -> counted(floor(args[1], args[2], args[3], true));
            default -> counted(floor(args[1], args[2], args[3], false));
        };
        long millis = (System.nanoTime() - start) / 1_000_000;
        long count = rows.getAsLong(); // a written sitemap is read back after the clock stopped
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        System.out.printf("rows=%d millis=%d peakHeapMiB=%.1f%n", count, millis, peak / 1048576.0);
    }

    private static LongSupplier counted(long rows) {
        return () -> rows;
    }

    private static final Site SITE = Site.of("https://shop.example.com/");

    /** The README's way: the rows of UrlSource.query written by SitemapKit.write; the URLs it wrote. */
    static LongSupplier kit(String url, String user) throws Exception {
        try (HikariDataSource db = pool(url, user)) {
            return write(UrlSource.query(
                    "products",
                    db,
                    SQL,
                    (rs, site) -> product(
                            site,
                            rs.getLong(1),
                            rs.getString(2),
                            rs.getTimestamp(3).toInstant())));
        }
    }

    /** The query path alone: Jdbc.stream with the same mapping to URLs, counted, nothing rendered. */
    static long stream(String url, String user) throws Exception {
        try (HikariDataSource db = pool(url, user);
                Stream<SitemapUrl> urls = Jdbc.stream(
                        db,
                        SQL,
                        rs -> product(
                                SITE,
                                rs.getLong(1),
                                rs.getString(2),
                                rs.getTimestamp(3).toInstant()))) {
            return urls.mapToLong(u -> u.loc().length()).filter(n -> n > 0).count();
        }
    }

    /** The render alone: the same rows, made in this JVM as the servers generate them, written the same way. */
    static LongSupplier memory(long rows) throws Exception {
        return write(UrlSource.of(
                "products",
                site -> LongStream.rangeClosed(1, rows)
                        .mapToObj(i -> product(site, i, "product-" + md5(i), DatabaseServer.updated(i)))));
    }

    private static SitemapUrl product(Site site, long id, String slug, Instant updated) {
        return SitemapUrl.builder(site.url("products/" + id + "/" + slug))
                .lastmod(Lastmod.of(updated))
                .build();
    }

    private static final ThreadLocal<MessageDigest> MD5 = ThreadLocal.withInitial(() -> {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    });

    private static String md5(long i) {
        return HexFormat.of().formatHex(MD5.get().digest(Long.toString(i).getBytes(StandardCharsets.US_ASCII)));
    }

    /**
     * Writes {@code products} with {@code SitemapKit.write} into a temporary directory; what it
     * answers counts the URLs of the pages written (the writer itself reports only their names)
     * and deletes the directory.
     */
    private static LongSupplier write(UrlSource products) throws Exception {
        Path dir = Files.createTempDirectory("sitemapkit-probe-");
        try {
            List<Path> files = SitemapKit.write(dir, SITE, List.of(products));
            return () -> {
                try {
                    long urls = 0;
                    for (Path file : files.subList(0, files.size() - 1)) {
                        urls += urls(file);
                    }
                    return urls;
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                } finally {
                    Dirs.delete(dir);
                }
            };
        } catch (Exception | Error e) {
            Dirs.delete(dir);
            throw e;
        }
    }

    /** The {@code <url>} elements of a gzip page (its locs are escaped, so the text holds no other). */
    private static long urls(Path page) throws IOException {
        byte[] tag = "<url>".getBytes(StandardCharsets.US_ASCII);
        long count = 0;
        int matched = 0;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(page), 1 << 16)) {
            byte[] buffer = new byte[1 << 16];
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                for (int i = 0; i < n; i++) {
                    matched = buffer[i] == tag[matched] ? matched + 1 : buffer[i] == tag[0] ? 1 : 0;
                    if (matched == tag.length) {
                        count++;
                        matched = 0;
                    }
                }
            }
        }
        return count;
    }

    private static HikariDataSource pool(String url, String user) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        config.setUsername(user);
        config.setPassword("");
        config.setMaximumPoolSize(2);
        return new HikariDataSource(config);
    }

    /** The rows read as the driver's documentation says; with {@code urls}, each made into the same URL. */
    static long floor(String url, String user, String driver, boolean urls) throws Exception {
        try (HikariDataSource db = pool(url, user);
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
                        long id = rs.getLong(1);
                        String slug = rs.getString(2);
                        Timestamp updated = rs.getTimestamp(3);
                        hash += urls
                                ? product(SITE, id, slug, updated.toInstant())
                                        .loc()
                                        .length()
                                : id + slug.length() + updated.getTime();
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
