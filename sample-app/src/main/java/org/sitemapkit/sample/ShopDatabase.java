package org.sitemapkit.sample;

import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.util.Collections;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.sitemapkit.source.PathParamsContext;

/**
 * Creates and seeds the shop's in-memory H2 database when the web application starts, and drops it when the
 * application stops. The {@link DataSource} is kept as the context attribute {@value #ATTRIBUTE}, where the
 * resources and the sitemap providers find it.
 *
 * <p>{@code @WebListener} so that a servlet container finds it in the WAR by itself; the embedded Jetty of
 * {@link SampleApp} adds it in code, because Jetty's plain {@code ServletContextHandler} scans nothing.
 */
@WebListener
public class ShopDatabase implements ServletContextListener {

    /** The context attribute that holds the {@link DataSource}. */
    public static final String ATTRIBUTE = "org.sitemapkit.sample.dataSource";

    /** The context-param with the number of products to create. */
    public static final String PRODUCTS_PARAM = "shop.products";

    /** Products created when {@value #PRODUCTS_PARAM} is not set: enough for several sitemap pages. */
    public static final int DEFAULT_PRODUCTS = 120_000;

    /**
     * One in-memory database per JVM (or per web application class loader, in a WAR): kept alive between
     * connections by {@code DB_CLOSE_DELAY=-1}; {@code LAZY_QUERY_EXECUTION=1} makes H2 stream a result set
     * from the table instead of building it in memory first, which is what the sitemap's cursors rely on.
     */
    public static final String JDBC_URL = "jdbc:h2:mem:shop;DB_CLOSE_DELAY=-1;LAZY_QUERY_EXECUTION=1";

    private static final System.Logger LOG = System.getLogger(ShopDatabase.class.getName());

    /** The product categories: id, slug, name, a line of text, and the slug and name stem of their products. */
    private static final String[][] CATEGORIES = {
        {"1", "widgets", "Widgets", "Small, sturdy and endlessly useful.", "widget", "Widget"},
        {"2", "gadgets", "Gadgets", "Clever little machines for every drawer.", "gadget", "Gadget"},
        {"3", "gizmos", "Gizmos", "Nobody knows what they do, everybody wants one.", "gizmo", "Gizmo"},
        {"4", "sprockets", "Sprockets", "Toothed wheels in every size.", "sprocket", "Sprocket"},
        {"5", "nuts-and-bolts", "Nuts & bolts", "Holds the rest of the shop together.", "bolt", "Bolt"},
        {"6", "doohickeys", "Doohickeys", "For when a thingamajig is too much.", "doohickey", "Doohickey"},
    };

    /** The articles, each in English and German: topic, lang, slug, title, body (paragraphs split by "\n\n"). */
    private static final String[][] ARTICLES = {
        {
            "1",
            "en",
            "grilling",
            "Grilling with widgets",
            "A widget is the grill master's best friend.\n\nKeep it clean, keep it dry, and it will outlive the grill."
        },
        {
            "1",
            "de",
            "grillen",
            "Grillen mit Widgets",
            "Ein Widget ist der beste Freund am Grill.\n\nSauber und trocken gehalten, überlebt es jeden Grill."
        },
        {
            "2",
            "en",
            "choosing-a-gadget",
            "How to choose a gadget",
            "Count your drawers first.\n\nThen pick the gadget that fits the smallest one."
        },
        {
            "2",
            "de",
            "gadget-auswahl",
            "So wählen Sie ein Gadget",
            "Zählen Sie zuerst Ihre Schubladen.\n\nDann nehmen Sie das Gadget, das in die kleinste passt."
        },
        {
            "3",
            "en",
            "sprocket-care",
            "Caring for your sprockets",
            "Oil them in spring, count their teeth in autumn.\n\nA sprocket with all its teeth is a happy sprocket."
        },
        {
            "3",
            "de",
            "kettenräder-pflege",
            "Kettenräder richtig pflegen",
            "Im Frühling ölen, im Herbst die Zähne zählen.\n\nEin Kettenrad mit allen Zähnen ist ein glückliches."
        },
    };

    /** When the first article was written; the others follow a week apart, each translation a day later. */
    private static final OffsetDateTime ARTICLES_EDITED = OffsetDateTime.parse("2026-02-01T09:00:00Z");

    /** Made by the container (or by {@link SampleApp}). */
    public ShopDatabase() {
        // state lives in the servlet context
    }

    /**
     * Returns the shop's data source.
     *
     * @param context the web application
     * @return the data source {@link ShopDatabase} put there at start-up
     */
    public static DataSource dataSource(ServletContext context) {
        return dataSource(context.getAttribute(ATTRIBUTE));
    }

    /**
     * Returns the shop's data source, as a provider made without injection reaches it.
     *
     * @param context what the provider is given while it streams
     * @return the data source {@link ShopDatabase} put there at start-up
     */
    public static DataSource dataSource(PathParamsContext context) {
        return dataSource(context.attribute(ATTRIBUTE));
    }

    private static DataSource dataSource(Object ds) {
        if (!(ds instanceof DataSource)) {
            throw new IllegalStateException("no " + ATTRIBUTE + " attribute: is " + ShopDatabase.class.getName()
                    + " registered as a listener?");
        }
        return (DataSource) ds;
    }

    @Override
    public void contextInitialized(ServletContextEvent event) {
        ServletContext context = event.getServletContext();
        int products = products(context.getInitParameter(PRODUCTS_PARAM));
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL(JDBC_URL);
        long start = System.nanoTime();
        try {
            seed(ds, products);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create the shop database: " + e.getMessage(), e);
        }
        LOG.log(
                Level.INFO,
                "shop database: seeded {0} products, {1} categories and {2} articles in {3} ms",
                products,
                CATEGORIES.length,
                ARTICLES.length,
                (System.nanoTime() - start) / 1_000_000);
        context.setAttribute(ATTRIBUTE, ds);
    }

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        ServletContext context = event.getServletContext();
        Object ds = context.getAttribute(ATTRIBUTE);
        context.removeAttribute(ATTRIBUTE);
        if (ds instanceof DataSource) {
            try (Connection c = ((DataSource) ds).getConnection();
                    Statement s = c.createStatement()) {
                s.execute("SHUTDOWN"); // drops the in-memory database, so a restart seeds it afresh
            } catch (SQLException e) {
                LOG.log(Level.WARNING, "shop database: shutdown failed", e);
            }
        }
        deregisterDriver();
    }

    /**
     * H2 registers its JDBC driver with {@link DriverManager}, which outlives a web application: a WAR that ships
     * the driver takes it back out, or the container reports (and fixes) a class loader leak at undeploy. Not
     * when the driver comes from the application class loader (the executable jar), where it is shared.
     */
    private static void deregisterDriver() {
        ClassLoader own = ShopDatabase.class.getClassLoader();
        if (own == ClassLoader.getSystemClassLoader()) {
            return;
        }
        for (Driver driver : Collections.list(DriverManager.getDrivers())) {
            if (driver.getClass().getClassLoader() == own) {
                try {
                    DriverManager.deregisterDriver(driver);
                } catch (SQLException e) {
                    LOG.log(Level.WARNING, "shop database: cannot deregister " + driver, e);
                }
            }
        }
    }

    /** The product count from the context-param, or the default; a bad value fails the start. */
    static int products(String value) {
        if (value == null || value.isBlank()) {
            return DEFAULT_PRODUCTS;
        }
        try {
            int n = Integer.parseInt(value.trim());
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(PRODUCTS_PARAM + " must be a positive integer: \"" + value + "\"");
    }

    /**
     * Creates the tables and fills them. The products come from one {@code INSERT ... SELECT} over H2's
     * {@code SYSTEM_RANGE}, so 120,000 rows take well under a second and never pass through Java. Everything is
     * derived from the row number, so every start (and every node) has the same data: product 42 is in
     * category 6, is called "Doohickey 42", lives at {@code /products/42/doohickey-42} and was updated 42
     * minutes after 2026-01-01T00:00Z. A category's {@code updated} is its newest product's.
     */
    static void seed(DataSource ds, int products) throws SQLException {
        try (Connection c = ds.getConnection()) {
            try (Statement s = c.createStatement()) {
                // CREATE without IF NOT EXISTS: a second shop in the same class loader fails loudly.
                s.execute("CREATE TABLE category (id INT PRIMARY KEY, slug VARCHAR(40) NOT NULL UNIQUE,"
                        + " name VARCHAR(40) NOT NULL, blurb VARCHAR(200) NOT NULL,"
                        + " product_slug VARCHAR(20) NOT NULL, product_name VARCHAR(20) NOT NULL,"
                        + " updated TIMESTAMP(0) WITH TIME ZONE)");
                s.execute("CREATE TABLE product (id BIGINT PRIMARY KEY, category_id INT NOT NULL,"
                        + " slug VARCHAR(40) NOT NULL, name VARCHAR(40) NOT NULL, price_cents INT NOT NULL,"
                        + " updated TIMESTAMP(0) WITH TIME ZONE NOT NULL)");
                s.execute("CREATE TABLE article (topic INT NOT NULL, lang CHAR(2) NOT NULL,"
                        + " slug VARCHAR(60) NOT NULL, title VARCHAR(100) NOT NULL, body VARCHAR(2000) NOT NULL,"
                        + " updated TIMESTAMP(0) WITH TIME ZONE NOT NULL,"
                        + " PRIMARY KEY (topic, lang), UNIQUE (lang, slug))");
            }
            try (PreparedStatement p = c.prepareStatement("INSERT INTO category VALUES (?, ?, ?, ?, ?, ?, NULL)")) {
                for (String[] row : CATEGORIES) {
                    p.setInt(1, Integer.parseInt(row[0]));
                    for (int i = 1; i < row.length; i++) {
                        p.setString(i + 1, row[i]);
                    }
                    p.addBatch();
                }
                p.executeBatch();
            }
            try (PreparedStatement p = c.prepareStatement("INSERT INTO article VALUES (?, ?, ?, ?, ?, ?)")) {
                for (String[] row : ARTICLES) {
                    int topic = Integer.parseInt(row[0]);
                    p.setInt(1, topic);
                    for (int i = 1; i < row.length; i++) {
                        p.setString(i + 1, row[i]);
                    }
                    p.setObject(6, ARTICLES_EDITED.plusDays(topic * 7L + (row[1].equals("de") ? 1 : 0)));
                    p.addBatch();
                }
                p.executeBatch();
            }
            try (PreparedStatement p = c.prepareStatement("INSERT INTO product"
                    + " SELECT X, c.id, c.product_slug || '-' || X, c.product_name || ' ' || X,"
                    + " 199 + MOD(X * 7919, 9800),"
                    + " DATEADD(MINUTE, X, TIMESTAMP WITH TIME ZONE '2026-01-01 00:00:00+00')"
                    + " FROM SYSTEM_RANGE(1, ?) JOIN category c ON c.id = MOD(X - 1, " + CATEGORIES.length + ") + 1")) {
                p.setLong(1, products);
                p.executeUpdate();
            }
            try (Statement s = c.createStatement()) {
                // Indexes after the rows, which is quicker than keeping them up to date row by row. No foreign
                // key: the rows are consistent by construction, and checking 120,000 of them would double the time.
                s.execute("CREATE INDEX product_by_category ON product (category_id, id)");
                // A category page changes when one of its products does: its lastmod in the sitemap.
                s.execute("UPDATE category c SET updated = (SELECT MAX(p.updated) FROM product p"
                        + " WHERE p.category_id = c.id)");
            }
        }
    }
}
