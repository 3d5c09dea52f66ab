package org.sitemapkit.bench;

import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceConfiguration;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.h2.jdbcx.JdbcDataSource;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.feed.ChangeFeeds;
import org.sitemapkit.internal.feed.FeedRoutes;
import org.sitemapkit.internal.render.UrlSources;
import org.sitemapkit.internal.service.SitemapService;
import org.sitemapkit.internal.store.MemoryPageStore;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;

/**
 * What the change feed costs the application's writes: the same Hibernate transactions (each
 * updating a few random products of an H2 table, as an admin screen or an import does) with the
 * feed open and with it closed, alternated in pairs in one JVM after warm-up, the order swapped
 * every pair. Reported as the median of the per-pair ratios with its 95% interval (order
 * statistics), for the wall time of the writes, the CPU of the committing thread (the listener,
 * the routing and the record of each change) and the CPU of the whole process (the renders the
 * feed causes included), and as the difference per committed entity.
 *
 * <pre>java -cp benchmarks/target/sitemapkit-benchmarks.jar org.sitemapkit.bench.FeedBench [rows] [transactions] [per-transaction] [pairs]</pre>
 */
public final class FeedBench {
    private FeedBench() {}

    static final Site SITE = Site.of("https://shop.example.com/");

    public static void main(String[] args) throws Exception {
        int rows = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        int transactions = args.length > 1 ? Integer.parseInt(args[1]) : 1_000;
        int perTransaction = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        int pairs = args.length > 3 ? Integer.parseInt(args[3]) : 12;
        System.out.print(run(rows, transactions, perTransaction, pairs));
    }

    /** One timed run: wall, committing-thread CPU and process CPU, in nanoseconds. */
    record Run(long wall, long threadCpu, long processCpu) {}

    static String run(int rows, int transactions, int perTransaction, int pairs) throws Exception {
        String url = "jdbc:h2:mem:feedbench;DB_CLOSE_DELAY=-1";
        JdbcDataSource db = new JdbcDataSource();
        db.setURL(url);
        try (EntityManagerFactory emf = new PersistenceConfiguration("feedbench")
                        .managedClass(FeedProduct.class)
                        .property(PersistenceConfiguration.JDBC_URL, url)
                        .property(PersistenceConfiguration.SCHEMAGEN_DATABASE_ACTION, "create")
                        .createEntityManagerFactory();
                SitemapService service = new SitemapService(
                        Settings.builder()
                                .baseUrl(SITE)
                                .renderWait(Duration.ofMinutes(5))
                                .build(),
                        new UrlSources().register(products(db)),
                        new MemoryPageStore())) {
            seed(db, rows);
            service.root(SITE).orElseThrow(); // the section rendered once, as a running shop's is
            FeedRoutes routes = new FeedRoutes();
            SplittableRandom random = new SplittableRandom(42);
            for (int w = 0; w < 3; w++) { // warm-up: both sides, JIT and Hibernate's caches
                once(emf, service, routes, true, rows, transactions, perTransaction, random);
                once(emf, service, routes, false, rows, transactions, perTransaction, random);
            }
            List<Run> with = new ArrayList<>();
            List<Run> without = new ArrayList<>();
            for (int p = 0; p < pairs; p++) {
                boolean feedFirst = p % 2 == 0;
                Run first = once(emf, service, routes, feedFirst, rows, transactions, perTransaction, random);
                Run second = once(emf, service, routes, !feedFirst, rows, transactions, perTransaction, random);
                with.add(feedFirst ? first : second);
                without.add(feedFirst ? second : first);
            }
            return report(rows, transactions, perTransaction, with, without);
        }
    }

    /** A stable section over the table, read by id range: what the feed's invalidations re-render. */
    static UrlSource products(JdbcDataSource db) {
        return UrlSource.stable(
                "products",
                (site, from, to) -> {
                    List<Object[]> out = new ArrayList<>();
                    try (Connection c = db.getConnection();
                            PreparedStatement q = c.prepareStatement(
                                    "SELECT id, slug, updated FROM product WHERE id BETWEEN ? AND ? ORDER BY id")) {
                        q.setLong(1, from);
                        q.setLong(2, to);
                        try (ResultSet rs = q.executeQuery()) {
                            while (rs.next()) {
                                out.add(new Object[] {rs.getLong(1), rs.getString(2), rs.getTimestamp(3)});
                            }
                        }
                    }
                    return out.stream();
                },
                (Object[] row) -> (Long) row[0],
                (row, site) -> SitemapUrl.builder(site.url("products/" + row[0] + "/" + row[1]))
                        .lastmod(((Timestamp) row[2]).toInstant())
                        .build());
    }

    static void seed(JdbcDataSource db, int rows) throws SQLException {
        SplittableRandom random = new SplittableRandom(7);
        try (Connection c = db.getConnection();
                PreparedStatement insert =
                        c.prepareStatement("INSERT INTO product (id, slug, updated) VALUES (?, ?, ?)")) {
            Instant start = Instant.parse("2024-01-01T00:00:00Z");
            for (int id = 1; id <= rows; id++) {
                insert.setLong(1, id);
                insert.setString(2, slug(random));
                insert.setTimestamp(3, Timestamp.from(start.plusSeconds(random.nextLong(60L * 60 * 24 * 700))));
                insert.addBatch();
                if (id % 10_000 == 0) {
                    insert.executeBatch();
                }
            }
            insert.executeBatch();
        }
    }

    private static String slug(SplittableRandom random) {
        StringBuilder s = new StringBuilder();
        int words = 1 + random.nextInt(4);
        for (int w = 0; w < words; w++) {
            if (w > 0) {
                s.append('-');
            }
            s.append(Workload.WORDS[random.nextInt(Workload.WORDS.length)]);
        }
        return s.toString();
    }

    /**
     * The writes of one run, with the feed open or closed; then one explicit invalidation, awaited,
     * on both sides, so that the renders the feed caused are over (and counted) before the next run.
     */
    static Run once(
            EntityManagerFactory emf,
            SitemapService service,
            FeedRoutes routes,
            boolean feed,
            int rows,
            int transactions,
            int perTransaction,
            SplittableRandom random)
            throws Exception {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        ChangeFeeds.Feed open = feed ? ChangeFeeds.open(routes, service, "products"::equals, null) : null;
        long wall0 = System.nanoTime();
        long thread0 = threads.getCurrentThreadCpuTime();
        long process0 = os.getProcessCpuTime();
        try (EntityManager em = emf.createEntityManager()) {
            for (int t = 0; t < transactions; t++) {
                em.getTransaction().begin();
                Instant now = Instant.now();
                for (int k = 0; k < perTransaction; k++) {
                    em.find(FeedProduct.class, 1L + random.nextInt(rows)).touch(slug(random), now);
                }
                em.getTransaction().commit();
                em.clear();
            }
        }
        long threadCpu = threads.getCurrentThreadCpuTime() - thread0;
        long wallWrites = System.nanoTime() - wall0;
        if (open != null) {
            open.close();
        }
        service.invalidate("products", List.of(1L)).get();
        long processCpu = os.getProcessCpuTime() - process0;
        return new Run(wallWrites, threadCpu, processCpu);
    }

    static String report(int rows, int transactions, int perTransaction, List<Run> with, List<Run> without) {
        long entities = (long) transactions * perTransaction;
        StringBuilder out = new StringBuilder();
        out.append(String.format(
                Locale.ROOT,
                "Change feed: %,d transactions of %d random product updates each (%,d committed entities) per run,"
                        + " Hibernate over in-memory H2 with %,d rows, a stable section of them served from memory;"
                        + " %d pairs, feed open vs closed, order swapped each pair, %d cores.%n%n"
                        + "| measure | with the feed / without, median of pairs | 95%% interval | per committed entity, median |%n"
                        + "|---|--:|--:|--:|%n",
                transactions,
                perTransaction,
                entities,
                rows,
                with.size(),
                Runtime.getRuntime().availableProcessors()));
        row(out, "wall time of the writes", with, without, Run::wall, entities);
        row(out, "CPU of the committing thread", with, without, Run::threadCpu, entities);
        row(out, "CPU of the process (renders included)", with, without, Run::processCpu, entities);
        return out.toString();
    }

    private static void row(
            StringBuilder out,
            String label,
            List<Run> with,
            List<Run> without,
            java.util.function.ToLongFunction<Run> measure,
            long entities) {
        List<Double> ratios = new ArrayList<>();
        List<Double> perEntity = new ArrayList<>();
        for (int i = 0; i < with.size(); i++) {
            long a = measure.applyAsLong(with.get(i));
            long b = measure.applyAsLong(without.get(i));
            ratios.add((double) a / b);
            perEntity.add((a - b) / 1_000.0 / entities);
        }
        ratios.sort(null);
        perEntity.sort(null);
        double[] ci = StoresBench.medianInterval(ratios);
        out.append(String.format(
                Locale.ROOT,
                "| %s | %.3f | %s | %+.1f µs |%n",
                label,
                Main.Timing.median(ratios),
                ci == null ? "too few pairs" : String.format(Locale.ROOT, "%.3f–%.3f", ci[0], ci[1]),
                Main.Timing.median(perEntity)));
    }
}
