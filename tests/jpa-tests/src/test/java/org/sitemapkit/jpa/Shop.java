package org.sitemapkit.jpa;

import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceConfiguration;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.postgresql.ds.PGSimpleDataSource;
import org.sitemapkit.SitemapFilter;
import org.sitemapkit.SitemapKit;
import org.sitemapkit.SitemapSettings;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;
import org.sitemapkit.testsupport.Crawl;
import org.sitemapkit.testsupport.JettyContainer;
import org.sitemapkit.testsupport.PostgresServer;

/**
 * A shop on a real database and a real ORM: Hibernate over H2 or PostgreSQL, the tables made from
 * the entities, SitemapKit's filter in Jetty listing the committed rows. Section "products" is
 * stable (pages of 100 keys) and counts the key ranges it reads, so a test sees which pages
 * rendered; "articles" is a plain query. No section is invalidated by hand: the change feed does it.
 */
final class Shop implements AutoCloseable {
    /** The databases the tests run on. */
    enum Db {
        H2,
        POSTGRESQL
    }

    /** One read of the products' rows: a page's key range, or the whole section. */
    record Read(long from, long to, long nanos) {}

    private static PostgresServer postgres;
    private static int databases;

    final EntityManagerFactory emf;
    final DataSource db;
    final JettyContainer jetty;
    final String origin;
    final List<Read> reads = new CopyOnWriteArrayList<>();
    volatile SitemapKit kit;

    private Shop(Db kind, Consumer<Connection> seed, Map<String, String> settings) throws Exception {
        String name = "shop" + (++databases);
        String url;
        if (kind == Db.H2) {
            url = "jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1";
            JdbcDataSource h2 = new JdbcDataSource();
            h2.setURL(url);
            db = h2;
        } else {
            try (Connection c = postgres().getConnection();
                    PreparedStatement create = c.prepareStatement("CREATE DATABASE " + name)) {
                create.execute();
            }
            url = "jdbc:postgresql://127.0.0.1:" + postgres.port() + "/" + name + "?user=postgres";
            PGSimpleDataSource pg = new PGSimpleDataSource();
            pg.setURL(url);
            db = pg;
        }
        emf = new PersistenceConfiguration("shop")
                .managedClass(Product.class)
                .managedClass(Article.class)
                .managedClass(Review.class)
                .managedClass(Listing.class)
                .property(PersistenceConfiguration.JDBC_URL, url)
                .property(PersistenceConfiguration.SCHEMAGEN_DATABASE_ACTION, "create")
                .property("hibernate.jdbc.batch_size", "100")
                .createEntityManagerFactory();
        try (Connection c = db.getConnection()) {
            seed.accept(c);
        }
        jetty = JettyContainer.start(
                "",
                SitemapFilter.class,
                ctx -> ctx.addEventListener(new ServletContextListener() {
                    @Override
                    public void contextInitialized(ServletContextEvent event) {
                        kit = SitemapKit.of(event.getServletContext());
                        if (!settings.isEmpty()) {
                            kit.settings(SitemapSettings.of(settings));
                        }
                        kit.register(products())
                                .register(UrlSource.query(
                                        "articles",
                                        db,
                                        "SELECT id, slug FROM article",
                                        (rs, site) -> SitemapUrl.of(site.url("articles/" + rs.getString(2)))))
                                .feed(Review.class, "products", Review::getProductId);
                    }
                }));
        origin = jetty.origin();
    }

    static Shop start(Db kind, Consumer<Connection> seed) throws Exception {
        return new Shop(kind, seed, Map.of());
    }

    /** A shop whose SitemapKit runs with {@code settings}, made in code. */
    static Shop start(Db kind, Consumer<Connection> seed, Map<String, String> settings) throws Exception {
        return new Shop(kind, seed, settings);
    }

    private static synchronized DataSource postgres() throws IOException, InterruptedException {
        if (postgres == null) {
            postgres = PostgresServer.start();
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    postgres.close();
                } catch (IOException e) {
                    // the JVM ends; the server's folder is a temporary one
                }
            }));
        }
        PGSimpleDataSource pg = new PGSimpleDataSource();
        pg.setURL(postgres.url());
        return pg;
    }

    private UrlSource products() {
        return UrlSource.stable(
                        "products",
                        (site, from, to) -> {
                            reads.add(new Read(from, to, System.nanoTime()));
                            return rows(from, to).stream();
                        },
                        (Object[] row) -> (Long) row[0],
                        (row, site) -> SitemapUrl.of(site.url("products/" + row[0] + "/" + row[1])))
                .maxUrls(100);
    }

    private List<Object[]> rows(long from, long to) throws SQLException {
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

    /** Inserts products {@code 10, 20, ... 10 * n} with slugs {@code p10, p20, ...}. */
    static Consumer<Connection> products(int n) {
        return c -> {
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO product (id, slug) VALUES (?, ?)")) {
                for (long id = 10; id <= 10L * n; id += 10) {
                    insert.setLong(1, id);
                    insert.setString(2, "p" + id);
                    insert.addBatch();
                }
                insert.executeBatch();
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        };
    }

    /** What the committed rows make: every product's and article's path. */
    java.util.Set<String> expected() throws SQLException {
        java.util.Set<String> paths = new java.util.TreeSet<>();
        for (Object[] row : rows(Long.MIN_VALUE, Long.MAX_VALUE)) {
            paths.add("/products/" + row[0] + "/" + row[1]);
        }
        try (Connection c = db.getConnection();
                PreparedStatement q = c.prepareStatement("SELECT slug FROM article");
                ResultSet rs = q.executeQuery()) {
            while (rs.next()) {
                paths.add("/articles/" + rs.getString(1));
            }
        }
        return paths;
    }

    /** Waits up to 20 s for a render to read the products' rows, after a change with no visible URL. */
    void awaitReads() throws InterruptedException {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (reads.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
    }

    /** Fails unless the sitemap lists exactly what the committed rows make. */
    void assertListsTheTables() throws SQLException, InterruptedException {
        Crawl.assertSameSet(expected(), crawlUntil(c -> true).paths(origin));
    }

    /** Each page's text by its URL, as served now. */
    Map<String, String> pages() {
        return Crawl.pageTexts(origin + "/sitemap.xml");
    }

    /** Crawls until {@code done} holds, failing after 20 s. */
    Crawl crawlUntil(Predicate<Crawl> done) throws InterruptedException {
        return Crawl.until(origin + "/sitemap.xml", Duration.ofSeconds(20), done);
    }

    /** Runs {@code work} in one transaction, committed. */
    void commit(Consumer<EntityManager> work) {
        try (EntityManager em = emf.createEntityManager()) {
            em.getTransaction().begin();
            work.accept(em);
            em.getTransaction().commit();
        }
    }

    /** Runs {@code work} in one transaction, flushed, then rolled back. */
    void rollback(Consumer<EntityManager> work) {
        try (EntityManager em = emf.createEntityManager()) {
            em.getTransaction().begin();
            work.accept(em);
            em.flush();
            em.getTransaction().rollback();
        }
    }

    @Override
    public void close() {
        try {
            jetty.close();
        } finally {
            emf.close();
        }
    }

    static Stream<Db> databases() {
        return Stream.of(Db.values());
    }
}
