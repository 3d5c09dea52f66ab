package org.sitemapkit.bench;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.h2.jdbcx.JdbcDataSource;
import org.sitemapkit.SitemapKit;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.Jdbc;
import org.sitemapkit.source.UrlSource;

/**
 * Freshness latency: from an acknowledged change ({@code POST /admin/products/{id}/touch} answered,
 * after the row's {@code updated} was set to now and {@code invalidate("products", id)} called) to the
 * first response of the page holding that product with its new lastmod. A stable section of
 * {@code products} rows in an in-process H2 database, read by id range as the sample application
 * reads them; SitemapKit's default settings; the page polled with {@code If-None-Match} every
 * millisecond. The target is 100 ms at 1,000,000 URLs.
 *
 * <pre>java -cp benchmarks/target/sitemapkit-benchmarks.jar org.sitemapkit.bench.FreshnessBench [urls] [touches]</pre>
 */
public final class FreshnessBench {
    private FreshnessBench() {}

    static final double TARGET_MS = 100;

    /** The latencies of the touches, in milliseconds, and how the section was paged. */
    record Outcome(long urls, int pages, List<Double> millis) {
        double median() {
            return Main.Timing.median(millis);
        }

        double max() {
            return millis.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
        }
    }

    public static void main(String[] args) throws Exception {
        long urls = args.length > 0 ? Long.parseLong(args[0].replace("_", "")) : 1_000_000;
        int touches = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        Outcome o = run(urls, touches);
        System.out.printf(
                Locale.ROOT,
                "%,d URLs in %d pages: median %.1f ms, max %.1f ms, %s%n",
                o.urls(),
                o.pages(),
                o.median(),
                o.max(),
                o.millis());
    }

    static Outcome run(long urls, int touches) throws Exception {
        JdbcDataSource db = database(urls);
        Server server = new Server();
        ServerConnector connector = Serving.connector(server);
        ServletContextHandler context = new ServletContextHandler();
        context.setContextPath("/");
        context.setInitParameter("sitemapkit.base-url", Workload.BASE);
        KitEngine.installFilter(context, kit -> {
            UrlSource products = products((site, from, to) -> rows(db, from, to));
            // the default page size unless -Dfreshness.max-urls=n asks for another, to compare
            Integer maxUrls = Integer.getInteger("freshness.max-urls");
            kit.register(maxUrls == null ? products : products.maxUrls(maxUrls));
        });
        context.addServlet(new ServletHolder(new Touch(db)), "/admin/products/*");
        server.setHandler(context);
        server.start();
        try {
            return measure("http://127.0.0.1:" + connector.getLocalPort(), urls, touches);
        } finally {
            server.stop();
        }
    }

    /** A new in-process H2 database holding the table {@code product} of ids 1..urls ({@link #fill}). */
    static JdbcDataSource database(long urls) throws SQLException {
        JdbcDataSource db = new JdbcDataSource();
        db.setURL("jdbc:h2:mem:freshness" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
        try (Connection c = db.getConnection()) {
            fill(c, urls);
        }
        return db;
    }

    /** Drops a database {@link #database} made, and its rows with it. */
    static void drop(JdbcDataSource db) throws SQLException {
        try (Connection c = db.getConnection();
                Statement s = c.createStatement()) {
            s.execute("SHUTDOWN");
        }
    }

    /** The products whose ids lie in {@code from..to}, in id order, as the sample application reads them. */
    static Stream<Row> rows(JdbcDataSource db, long from, long to) throws SQLException {
        return Jdbc.stream(
                db,
                "SELECT id, path, updated FROM product WHERE id BETWEEN ? AND ? ORDER BY id",
                rs -> new Row(rs.getLong(1), rs.getString(2), rs.getObject(3, OffsetDateTime.class)),
                from,
                to);
    }

    /** The stable section {@code products} over {@code rows}: one URL a row, its lastmod the row's {@code updated}. */
    static UrlSource products(UrlSource.KeyedRows<Row> rows) {
        return UrlSource.stable(
                KitEngine.SECTION,
                rows,
                Row::id,
                (r, site) -> SitemapUrl.builder(site.url(r.path()))
                        .lastmod(r.updated())
                        .build());
    }

    /** The change a touch makes: product {@code id}'s {@code updated} set to now, in whole seconds. */
    static void touch(JdbcDataSource db, long id) throws SQLException {
        try (Connection c = db.getConnection();
                PreparedStatement p = c.prepareStatement("UPDATE product SET updated = ? WHERE id = ?")) {
            p.setObject(1, OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.SECONDS));
            p.setLong(2, id);
            if (p.executeUpdate() != 1) {
                throw new SQLException("no product " + id);
            }
        }
    }

    /** Whether a page's XML lists product {@code id} with a lastmod of today, as a touch leaves it. */
    static boolean touched(String xml, long id) {
        String today = Instant.now().toString().substring(0, 10);
        return xml.contains("<loc>" + Workload.xmlLoc(id) + "</loc><lastmod>" + today);
    }

    record Row(long id, String path, OffsetDateTime updated) {}

    /** 1..urls, the benchmark's paths and lastmods: products, variants, categories and articles alike. */
    private static void fill(Connection c, long urls) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE product (id BIGINT PRIMARY KEY, path VARCHAR(200) NOT NULL, "
                    + "updated TIMESTAMP WITH TIME ZONE NOT NULL)");
        }
        try (PreparedStatement p = c.prepareStatement("INSERT INTO product VALUES (?, ?, ?)")) {
            for (long i = 1; i <= urls; i++) {
                p.setLong(1, i);
                p.setString(2, Workload.path(i));
                p.setObject(3, Workload.lastmod(i).atOffset(ZoneOffset.UTC));
                p.addBatch();
                if (i % 10_000 == 0) {
                    p.executeBatch();
                }
            }
            p.executeBatch();
        }
    }

    /** {@code POST /admin/products/{id}/touch}: the row's lastmod to now, then the page that holds it. */
    private static final class Touch extends HttpServlet {
        private static final long serialVersionUID = 1L;
        private final transient JdbcDataSource db;

        Touch(JdbcDataSource db) {
            this.db = db;
        }

        @Override
        protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {
            String[] parts = req.getPathInfo().split("/");
            long id = Long.parseLong(parts[1]);
            try {
                touch(db, id);
            } catch (SQLException e) {
                throw new IOException(e);
            }
            SitemapKit.of(req.getServletContext()).invalidate(KitEngine.SECTION, id);
            resp.setStatus(204);
        }
    }

    private static Outcome measure(String base, long urls, int touches) throws Exception {
        HttpClient http =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        // the first render, then the smallest product id of each page, from the pages themselves
        List<Long> firstIds = new ArrayList<>();
        Pattern loc = Pattern.compile("<loc>[^<]*?/(?:products/|c/[a-z]+/[a-z]+/|blog/\\d+/\\d+/[a-z-]*-)(\\d+)");
        for (int n = 1; ; n++) {
            HttpResponse<byte[]> r = Serving.send(http, base + "/sitemap-products-" + n + ".xml", "GET", null);
            while (r.statusCode() == 503) { // the first render takes longer than render-wait
                Thread.sleep(200);
                r = Serving.send(http, base + "/sitemap-products-" + n + ".xml", "GET", null);
            }
            if (r.statusCode() == 404) {
                break;
            }
            if (r.statusCode() != 200) {
                throw new IllegalStateException("page " + n + " answered " + r.statusCode());
            }
            Matcher m = loc.matcher(gunzip(r.body()));
            long min = Long.MAX_VALUE;
            while (m.find()) {
                min = Math.min(min, Long.parseLong(m.group(1)));
            }
            firstIds.add(min);
        }
        int pages = firstIds.size();
        SplittableRandom random = new SplittableRandom(26);
        List<Double> millis = new ArrayList<>();
        for (int t = 0; t < touches + 2; t++) {
            long id = 1 + random.nextLong(urls);
            int page = 0;
            while (page + 1 < pages && firstIds.get(page + 1) <= id) {
                page++;
            }
            String pageUrl = base + "/sitemap-products-" + (page + 1) + ".xml";
            String etag = Serving.send(http, pageUrl, "GET", null)
                    .headers()
                    .firstValue("ETag")
                    .orElseThrow();
            Thread.sleep(1_100); // a new second, so the touched lastmod differs from the last touch's
            HttpResponse<Void> touched = http.send(
                    HttpRequest.newBuilder(URI.create(base + "/admin/products/" + id + "/touch"))
                            .POST(HttpRequest.BodyPublishers.noBody())
                            .build(),
                    HttpResponse.BodyHandlers.discarding());
            long acknowledged = System.nanoTime();
            if (touched.statusCode() != 204) {
                throw new IllegalStateException("touch answered " + touched.statusCode());
            }
            HttpResponse<byte[]> fresh;
            long deadline = acknowledged + 30_000_000_000L;
            while ((fresh = Serving.send(http, pageUrl, "GET", etag)).statusCode() == 304) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("page " + (page + 1) + " did not change in 30 s");
                }
                Thread.sleep(1);
            }
            double ms = (System.nanoTime() - acknowledged) / 1e6;
            if (fresh.statusCode() != 200 || !touched(gunzip(fresh.body()), id)) {
                throw new IllegalStateException("page " + (page + 1) + " answered " + fresh.statusCode()
                        + " without product " + id + "'s new lastmod");
            }
            if (t >= 2) { // two warm-up touches
                millis.add(ms);
            }
            System.out.printf(
                    Locale.ROOT, "  touch %d (page %d): %.1f ms%s%n", id, page + 1, ms, t < 2 ? " (warm-up)" : "");
        }
        return new Outcome(urls, pages, millis);
    }

    static String gunzip(byte[] gz) throws IOException {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gz))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
