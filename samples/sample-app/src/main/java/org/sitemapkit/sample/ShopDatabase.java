package org.sitemapkit.sample;

import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;
import java.lang.System.Logger.Level;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.ServiceLoader;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.sitemapkit.source.PathParamsContext;

/**
 * Creates and seeds the shop's in-memory H2 database when the web application starts, and drops it when the
 * application stops. The {@link DataSource} is kept as the context attribute {@value #ATTRIBUTE}, where the
 * resources and the sitemap providers find it.
 *
 * <p>With the context-param {@value #URL_PARAM} (the command line's {@code --db}), the shop uses that database
 * instead, as several instances of one shop share theirs: it creates and seeds the tables only when they are
 * absent, so the first instance seeds and the others find the rows, and it leaves the database running when
 * it stops. {@value #PASSWORD_PARAM} is the password for either database.
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

    /** The context-param with the JDBC URL of a shared database; without it the shop has its own. */
    public static final String URL_PARAM = "shop.db-url";

    /** The context-param with the database password, if it has one. */
    public static final String PASSWORD_PARAM = "shop.db-password";

    /** The context attribute that holds the number of products in the database, a {@link Long}. */
    static final String PRODUCTS_ATTRIBUTE = "org.sitemapkit.sample.products";

    /** Products created when {@value #PRODUCTS_PARAM} is not set: enough for several sitemap pages. */
    public static final int DEFAULT_PRODUCTS = 120_000;

    /**
     * One in-memory database per JVM (or per web application class loader, in a WAR): kept alive between
     * connections by {@code DB_CLOSE_DELAY=-1}; {@code LAZY_QUERY_EXECUTION=1} makes H2 stream a result set
     * from the table instead of building it in memory first, which is what the sitemap's cursors rely on.
     */
    public static final String JDBC_URL = "jdbc:h2:mem:shop;DB_CLOSE_DELAY=-1;LAZY_QUERY_EXECUTION=1";

    /** The shop's tables, in the order they are created. */
    private static final List<String> TABLES = List.of("category", "product", "article");

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
        String url = context.getInitParameter(URL_PARAM);
        String password = context.getInitParameter(PASSWORD_PARAM);
        DataSource ds;
        long start = System.nanoTime();
        long found;
        if (url == null || url.isBlank()) {
            JdbcDataSource own = new JdbcDataSource();
            own.setURL(JDBC_URL);
            if (password != null) {
                own.setPassword(password); // the database's admin is created with it, for ShopDatabaseServer's clients
            }
            ds = own;
            try {
                seed(ds, products);
            } catch (SQLException e) {
                throw new IllegalStateException("cannot create the shop database: " + e.getMessage(), e);
            }
            found = -1;
        } else {
            Driver driver = driverFor(url.trim())
                    .orElseThrow(() -> new IllegalStateException("no JDBC driver in the shop takes " + printable(url)));
            ds = new UrlDataSource(driver, streaming(url.trim()), password);
            try {
                found = seedIfAbsent(ds, products);
            } catch (SQLException e) {
                throw new IllegalStateException(
                        "cannot open the shop database at " + printable(url) + ": " + e.getMessage(), e);
            }
        }
        if (found < 0) {
            LOG.log(
                    Level.INFO,
                    "shop database: seeded {0} products, {1} categories and {2} articles in {3} ms",
                    products,
                    CATEGORIES.length,
                    ARTICLES.length,
                    (System.nanoTime() - start) / 1_000_000);
        } else {
            LOG.log(
                    Level.INFO,
                    "shop database: {0} holds the tables already, with {1} products: not seeded",
                    printable(url),
                    Long.toString(found));
        }
        context.setAttribute(ATTRIBUTE, ds);
        context.setAttribute(PRODUCTS_ATTRIBUTE, found < 0 ? products : found);
    }

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        ServletContext context = event.getServletContext();
        Object ds = context.getAttribute(ATTRIBUTE);
        context.removeAttribute(ATTRIBUTE);
        context.removeAttribute(PRODUCTS_ATTRIBUTE);
        String url = context.getInitParameter(URL_PARAM);
        // Only the own database is dropped: a shared one goes on serving the other instances.
        if (ds instanceof DataSource && (url == null || url.isBlank())) {
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
     * The number of products in the database when the shop started.
     *
     * @param context the web application
     * @return what {@link ShopDatabase} seeded or found
     */
    static long productCount(ServletContext context) {
        return context.getAttribute(PRODUCTS_ATTRIBUTE) instanceof Number n ? n.longValue() : 0;
    }

    /**
     * H2 streams a result set from the table only with {@code LAZY_QUERY_EXECUTION=1}, which the sitemap's
     * cursors rely on; an H2 URL without the setting gets it. Any other URL is left as it is.
     */
    static String streaming(String url) {
        if (url.startsWith("jdbc:h2:") && !url.toUpperCase(Locale.ROOT).contains(";LAZY_QUERY_EXECUTION=")) {
            return url + ";LAZY_QUERY_EXECUTION=1";
        }
        return url;
    }

    /** The URL as far as it can be logged: without its settings or parameters, where a password may be. */
    static String printable(String url) {
        int end = url.length();
        for (char c : new char[] {';', '?'}) {
            int i = url.indexOf(c);
            end = i >= 0 ? Math.min(end, i) : end;
        }
        return url.substring(0, end);
    }

    /**
     * The JDBC driver on the shop's class path that takes {@code url}: this class loader's, so that a WAR's
     * drivers are found too, which {@link DriverManager} does not see from a container's class loader.
     *
     * @param url a JDBC URL
     * @return the driver, or empty when none takes the URL
     */
    static Optional<Driver> driverFor(String url) {
        for (Driver driver : ServiceLoader.load(Driver.class, ShopDatabase.class.getClassLoader())) {
            try {
                if (driver.acceptsURL(url)) {
                    return Optional.of(driver);
                }
            } catch (SQLException e) {
                // not this driver
            }
        }
        return Optional.empty();
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
     * Creates the tables and fills them, in the own database: {@code CREATE} without {@code IF NOT EXISTS}, so
     * that a second shop in the same class loader, which would share it, fails loudly.
     */
    static void seed(DataSource ds, int products) throws SQLException {
        try (Connection c = ds.getConnection()) {
            createAndFill(c, products);
        }
    }

    /**
     * Creates the tables and fills them when they are absent, in a shared database. In one transaction where the
     * database has transactional DDL: two instances that start at once against an empty database both try,
     * one of them fails on the tables the other created, rolls back and finds the other's rows.
     *
     * @return -1 when it seeded, else the number of products found
     * @throws SQLException when the database cannot be reached, holds only some of the tables, or the seed failed
     */
    static long seedIfAbsent(DataSource ds, int products) throws SQLException {
        try (Connection c = ds.getConnection()) {
            if (tablesPresent(c)) {
                return productRows(c);
            }
            c.setAutoCommit(false);
            try {
                createAndFill(c, products);
                c.commit();
                return -1;
            } catch (SQLException e) {
                try {
                    c.rollback();
                    c.setAutoCommit(true);
                    if (tablesPresent(c)) { // another instance seeded meanwhile
                        return productRows(c);
                    }
                } catch (SQLException again) {
                    e.addSuppressed(again);
                }
                throw e;
            }
        }
    }

    /** Whether the shop's tables are there: all of them true, none false, some an error saying which. */
    private static boolean tablesPresent(Connection c) throws SQLException {
        List<String> present = new ArrayList<>();
        DatabaseMetaData md = c.getMetaData();
        try (ResultSet rs = md.getTables(c.getCatalog(), c.getSchema(), "%", new String[] {"TABLE"})) {
            while (rs.next()) {
                String name = rs.getString("TABLE_NAME").toLowerCase(Locale.ROOT);
                if (TABLES.contains(name)) {
                    present.add(name);
                }
            }
        }
        if (!present.isEmpty() && present.size() < TABLES.size()) {
            throw new SQLException("the database holds some of the shop's tables but not all (" + present + " of "
                    + TABLES + "): drop them, or use an empty database");
        }
        return !present.isEmpty();
    }

    private static long productRows(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM product")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /**
     * Creates the tables and fills them. The products come from one {@code INSERT ... SELECT} over a range of
     * numbers, H2's {@code SYSTEM_RANGE} or PostgreSQL's {@code generate_series}, so 120,000 rows take well under
     * a second and never pass through Java. Everything is derived from the row number, so every start (and every
     * node) has the same data: product 42 is in category 6, is called "Doohickey 42", lives at
     * {@code /products/42/doohickey-42} and was updated 42 minutes after 2026-01-01T00:00Z. A category's
     * {@code updated} is its newest product's.
     */
    private static void createAndFill(Connection c, int products) throws SQLException {
        String database = c.getMetaData().getDatabaseProductName();
        String range = switch (database) {
            case "H2" -> "SYSTEM_RANGE(1, ?)"; // its column is X
            case "PostgreSQL" -> "generate_series(1, ?) AS r(x)";
            default ->
                throw new SQLException("the sample seeds H2 and PostgreSQL, not " + database
                        + ": create and fill the tables category, product and article yourself");
        };
        try (Statement s = c.createStatement()) {
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
                + " TIMESTAMP WITH TIME ZONE '2026-01-01 00:00:00+00' + X * INTERVAL '1' MINUTE"
                + " FROM " + range + " JOIN category c ON c.id = MOD(X - 1, " + CATEGORIES.length + ") + 1")) {
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
