package org.sitemapkit.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.sitemapkit.testsupport.FreePorts;
import org.sitemapkit.testsupport.Http;
import org.sitemapkit.testsupport.PostgresServer;

/**
 * Two instances of the shop as a real shop runs them: one database for both, and one Hazelcast cluster for their
 * rendered pages, everything on 127.0.0.1. The first seeds the database; a product deleted through its admin
 * endpoint before the second starts is gone on the second, which seeded nothing; a product touched through the
 * first's admin endpoint then has its new date on the second's product page and in the sitemap it serves.
 * The PostgreSQL tests are skipped where Debian's package {@code postgresql} is not installed.
 */
class SharedDatabaseIT {
    private static final String BASE = "https://shop.example.com/";
    private static final String PASSWORD = "a-password-for-the-test";
    /** Deleted through the first instance before the second starts, and its page. */
    private static final long DELETED = 7;

    private static final String DELETED_PAGE = "products/7/widget-7";
    /** Touched through the first instance once both run. */
    private static final long TOUCHED = 1500;

    @Test
    void theSecondInstanceUsesTheH2DatabaseTheFirstServes() throws Exception {
        int[] ports = FreePorts.take(3);
        String url = "jdbc:h2:tcp://127.0.0.1:" + ports[0] + "/shop";
        Cluster cluster = new Cluster(ports[1], ports[2]);
        try (SampleProcess first = shop(
                cluster.member(0),
                "--products",
                "2000",
                "--db-server",
                Integer.toString(ports[0]),
                "--db-password",
                PASSWORD)) {
            assertEquals(1, first.count("shop database: seeded"), first.lines().toString());
            assertEquals(1, first.count("Its database is in memory, served to the other instances as " + url));
            InetAddress other = AdminAccessTest.otherAddress().orElse(null);
            if (other != null) {
                assertThrows(IOException.class, () -> connect(other, ports[0]), "the database: 127.0.0.1 only");
                assertThrows(IOException.class, () -> connect(other, ports[1]), "the cluster: 127.0.0.1 only");
            }
            twoInstancesOneDatabase(first, cluster, "--db", url, "--db-password", PASSWORD);
        }
    }

    @Test
    void twoInstancesShareAPostgresqlDatabaseTheFirstSeeds() throws Exception {
        int[] ports = FreePorts.take(2);
        Cluster cluster = new Cluster(ports[0], ports[1]);
        try (PostgresServer postgres = PostgresServer.start();
                SampleProcess first = shop(cluster.member(0), "--products", "2000", "--db", postgres.url())) {
            assertEquals(1, first.count("shop database: seeded"), first.lines().toString());
            twoInstancesOneDatabase(first, cluster, "--db", postgres.url());
        }
    }

    /**
     * Instances that start at the same moment against an empty database both find no tables and both seed; one
     * of them commits, the other fails on its tables, rolls back and finds its rows: seeded once, and both start.
     * Several rounds, as the threads do not always meet.
     */
    @Test
    void instancesStartingTogetherOnAnEmptyDatabaseSeedItOnce() throws Exception {
        try (PostgresServer postgres = PostgresServer.start()) {
            DataSource db =
                    new UrlDataSource(ShopDatabase.driverFor(postgres.url()).orElseThrow(), postgres.url(), null);
            ExecutorService two = Executors.newFixedThreadPool(2);
            try {
                for (int round = 0; round < 5; round++) {
                    CountDownLatch go = new CountDownLatch(1);
                    List<Future<Long>> seeds = new ArrayList<>();
                    for (int i = 0; i < 2; i++) {
                        seeds.add(two.submit(() -> {
                            go.await();
                            return ShopDatabase.seedIfAbsent(db, 500);
                        }));
                    }
                    go.countDown();
                    List<Long> found = new ArrayList<>();
                    for (Future<Long> seed : seeds) {
                        found.add(seed.get(60, TimeUnit.SECONDS));
                    }
                    found.sort(null);
                    assertEquals(List.of(-1L, 500L), found, "one seeded, the other found its 500 products");
                    try (Connection c = db.getConnection();
                            Statement s = c.createStatement()) {
                        s.execute("DROP TABLE category, product, article");
                    }
                }
            } finally {
                two.shutdownNow();
            }
        }
    }

    /** Both instances' Hazelcast members, on 127.0.0.1. */
    private record Cluster(int first, int second) {
        String[] member(int i) {
            String members = "127.0.0.1:" + first + ",127.0.0.1:" + second;
            return new String[] {"--cluster", members, "--cluster-port", Integer.toString(i == 0 ? first : second)};
        }
    }

    private static SampleProcess shop(String[] cluster, String... more) throws Exception {
        List<String> args = new ArrayList<>(List.of("--port", "0", "--base-url", BASE));
        args.addAll(List.of(cluster));
        args.addAll(List.of(more));
        return SampleProcess.start(args.toArray(String[]::new));
    }

    private static void twoInstancesOneDatabase(SampleProcess first, Cluster cluster, String... database)
            throws Exception {
        assertEquals(200, Http.get(first.home() + DELETED_PAGE).status());
        assertEquals(204, admin(first, "DELETE", "products/" + DELETED));
        List<String> args = new ArrayList<>(List.of("--products", "5")); // not seeded: the rows are there
        args.addAll(List.of(database));
        try (SampleProcess second = shop(cluster.member(1), args.toArray(String[]::new))) {
            assertEquals(0, second.count("shop database: seeded"), "did not seed again: " + second.lines());
            assertEquals(1, second.count("holds the tables already, with 1999 products: not seeded"));
            assertEquals(
                    1,
                    second.count("running with 1999 products"),
                    second.lines().toString());
            assertEquals(404, Http.get(second.home() + DELETED_PAGE).status(), "deleted through the first instance");
            String firstPage =
                    Http.get(second.home() + "sitemap-products-1.xml").text();
            assertTrue(firstPage.contains("/products/" + (DELETED + 1) + "/"), firstPage);
            assertFalse(firstPage.contains("/products/" + DELETED + "/"), "not listed either");

            Listed before = listed(second, TOUCHED);
            String dateBefore = updated(Http.get(second.home() + before.path()).text());
            assertEquals(204, admin(first, "POST", "products/" + TOUCHED + "/touch"));

            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            String date = dateBefore;
            Listed now = before;
            while (System.nanoTime() < deadline
                    && (date.equals(dateBefore) || now.lastmod().equals(before.lastmod()))) {
                Thread.sleep(200);
                date = updated(Http.get(second.home() + before.path()).text());
                now = listed(second, TOUCHED);
            }
            assertFalse(date.equals(dateBefore), "the second instance's product page shows the touch: " + date);
            assertFalse(
                    now.lastmod().equals(before.lastmod()),
                    "the second instance's sitemap lists the new lastmod: " + now.lastmod());
        }
    }

    private static void connect(InetAddress address, int port) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(address, port), 2000);
        }
    }

    private static int admin(SampleProcess shop, String method, String path) {
        return Http.send(method, URI.create(shop.home() + "admin/" + path)).status();
    }

    /** Where a product is listed: its path and its lastmod. */
    private record Listed(String path, String lastmod) {}

    private static Listed listed(SampleProcess shop, long id) {
        Pattern product = Pattern.compile(
                "<loc>" + Pattern.quote(BASE) + "(products/" + id + "/[^<]+)</loc><lastmod>([^<]+)</lastmod>");
        Matcher pages = Pattern.compile("<loc>" + Pattern.quote(BASE) + "(sitemap-products-\\d+\\.xml)</loc>")
                .matcher(Http.get(shop.home() + "sitemap.xml").text());
        while (pages.find()) {
            Http.Response r = Http.get(shop.home() + pages.group(1));
            assertEquals(200, r.status(), r.describe());
            Matcher m = product.matcher(r.text());
            if (m.find()) {
                return new Listed(m.group(1), m.group(2));
            }
        }
        throw new AssertionError("product " + id + " is on no page of " + shop.home() + "sitemap.xml");
    }

    private static String updated(String productPage) {
        Matcher m = Pattern.compile("<time datetime=\"([^\"]+)\">").matcher(productPage);
        assertTrue(m.find(), productPage);
        return m.group(1);
    }
}
