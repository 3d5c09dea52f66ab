package org.sitemapkit.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.hazelcast.cache.impl.HazelcastServerCachingProvider;
import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import javax.cache.CacheManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.sitemapkit.PageStore;
import org.sitemapkit.SitemapFilter;
import org.sitemapkit.SitemapKit;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;
import org.sitemapkit.testsupport.FreePorts;
import org.sitemapkit.testsupport.Http;
import org.sitemapkit.testsupport.JettyContainer;
import org.sitemapkit.testsupport.LogRecords;

/**
 * Two application nodes, each a real Jetty with its own embedded Hazelcast 5.7 member on
 * 127.0.0.1 (TCP/IP join, multicast off), sharing pages through the JCache store: one render
 * per cluster, the same bytes and ETags from both, invalidation that reaches both, a lease that
 * passes to the other node when the renderer stops, and a node cut off that keeps serving.
 */
class ClusterTest {
    /** The data both nodes read, as one database behind both. */
    static final class Catalog {
        volatile String variant = "a";
    }

    /** One node's source of the products section, counting its renders; it can be held mid-render. */
    static final class Products implements UrlSource {
        final Catalog catalog;
        final AtomicInteger renders = new AtomicInteger();
        volatile CountDownLatch hold = new CountDownLatch(0);
        volatile long slowMillis;

        Products(Catalog catalog) {
            this.catalog = catalog;
        }

        @Override
        public String section() {
            return "products";
        }

        @Override
        public Stream<SitemapUrl> urls(Site site) throws InterruptedException {
            renders.incrementAndGet();
            Thread.sleep(slowMillis);
            hold.await();
            String v = catalog.variant;
            return IntStream.range(0, 300)
                    .mapToObj(i -> SitemapUrl.builder(site.url("products/" + v + "/" + i))
                            .lastmod(Instant.parse("2026-01-01T00:00:00Z").plusSeconds(3600L * i))
                            .build());
        }
    }

    /** A running node: its Hazelcast member, its Jetty and its source. */
    static final class Node {
        final HazelcastInstance member;
        final JettyContainer jetty;
        final Products products;
        final ServletContext context;

        Node(HazelcastInstance member, JettyContainer jetty, Products products, ServletContext context) {
            this.member = member;
            this.jetty = jetty;
            this.products = products;
            this.context = context;
        }

        URI uri(String path) {
            return jetty.baseUri().resolve(path);
        }

        void stop() {
            try {
                jetty.close();
            } finally {
                if (member.getLifecycleService().isRunning()) {
                    member.getLifecycleService().terminate();
                }
            }
        }
    }

    private final List<Node> nodes = new ArrayList<>();
    private final String cluster = "sitemapkit-it-" + UUID.randomUUID();
    private final int[] ports = FreePorts.take(2);

    @AfterEach
    void stopAll() {
        nodes.forEach(n -> {
            n.products.hold.countDown();
            n.stop();
        });
    }

    Node node(int index, Catalog catalog, Map<String, String> params) {
        Config config = new Config().setClusterName(cluster);
        config.setProperty("hazelcast.phone.home.enabled", "false");
        config.setProperty("hazelcast.logging.type", "jdk");
        config.getNetworkConfig().setPort(ports[index]).setPortAutoIncrement(false);
        config.getNetworkConfig().getInterfaces().setEnabled(true).addInterface("127.0.0.1");
        JoinConfig join = config.getNetworkConfig().getJoin();
        join.getMulticastConfig().setEnabled(false);
        join.getAutoDetectionConfig().setEnabled(false);
        join.getTcpIpConfig()
                .setEnabled(true)
                .addMember("127.0.0.1:" + ports[0])
                .addMember("127.0.0.1:" + ports[1]);
        HazelcastInstance member = Hazelcast.newHazelcastInstance(config);
        // One provider per member: in one JVM the JCache registry would hand both nodes one manager, and
        // another URI would name other caches. Nodes in JVMs of their own use Caching's default provider.
        CacheManager manager = new HazelcastServerCachingProvider(member).getCacheManager();
        Products products = new Products(catalog);
        ServletContext[] context = new ServletContext[1];
        JettyContainer jetty = JettyContainer.start("", SitemapFilter.class, ctx -> {
            ctx.setInitParameter("sitemapkit.base-url", "https://shop.example.com/");
            ctx.setInitParameter("sitemapkit.max-urls", "100");
            ctx.setInitParameter("sitemapkit.render-at-start", "false");
            params.forEach(ctx::setInitParameter);
            ctx.addEventListener(new ServletContextListener() {
                @Override
                public void contextInitialized(ServletContextEvent e) {
                    context[0] = e.getServletContext();
                    SitemapKit.of(e.getServletContext())
                            .store(PageStore.jcache(manager, "sitemapkit"))
                            .register(products);
                }
            });
        });
        Node node = new Node(member, jetty, products, context[0]);
        nodes.add(node);
        return node;
    }

    /** Both nodes, once their members see each other. */
    List<Node> twoNodes(Catalog catalog, Map<String, String> params) throws InterruptedException {
        Node a = node(0, catalog, params);
        Node b = node(1, catalog, params);
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (a.member.getCluster().getMembers().size() < 2 && System.nanoTime() < until) {
            Thread.sleep(100);
        }
        assertEquals(2, a.member.getCluster().getMembers().size(), "the two members formed one cluster");
        return List.of(a, b);
    }

    @Test
    void oneNodeRendersAndTheOtherServesTheSameBytesAndEtags() throws Exception {
        List<Node> both = twoNodes(new Catalog(), Map.of());
        Node a = both.get(0);
        Node b = both.get(1);
        for (String page : List.of("sitemap.xml", "sitemap-products-1.xml", "sitemap-products-3.xml")) {
            Http.Response fromA = Http.get(a.uri(page), "Accept-Encoding", "gzip");
            Http.Response fromB = Http.get(b.uri(page), "Accept-Encoding", "gzip");
            assertEquals(200, fromA.status(), page);
            assertEquals(200, fromB.status(), page);
            assertArrayEquals(fromA.body(), fromB.body(), page);
            assertEquals(fromA.header("ETag"), fromB.header("ETag"), page);
        }
        assertEquals(1, a.products.renders.get());
        assertEquals(0, b.products.renders.get(), "node B rendered nothing");
    }

    @Test
    void aColdSectionAskedOfBothNodesAtOnceRendersOnceInTheCluster() throws Exception {
        List<Node> both = twoNodes(new Catalog(), Map.of());
        both.forEach(n -> n.products.slowMillis = 1500);
        CompletableFuture<Http.Response> fromA =
                CompletableFuture.supplyAsync(() -> Http.get(both.get(0).uri("sitemap-products-2.xml")));
        CompletableFuture<Http.Response> fromB =
                CompletableFuture.supplyAsync(() -> Http.get(both.get(1).uri("sitemap-products-2.xml")));
        assertEquals(200, fromA.get(60, TimeUnit.SECONDS).status());
        assertEquals(200, fromB.get(60, TimeUnit.SECONDS).status());
        assertEquals(fromA.get().header("ETag"), fromB.get().header("ETag"));
        assertEquals(
                1,
                both.get(0).products.renders.get()
                        + both.get(1).products.renders.get(),
                "one render in the cluster");
    }

    @Test
    void invalidateOnOneNodeReachesEveryNode() throws Exception {
        Catalog catalog = new Catalog();
        List<Node> both = twoNodes(catalog, Map.of());
        assertTrue(Http.get(both.get(1).uri("sitemap-products-1.xml")).text().contains("/products/a/0<"));
        catalog.variant = "b";
        SitemapKit.of(both.get(0).context).invalidate("products").get(30, TimeUnit.SECONDS);
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        String text = "";
        while (System.nanoTime() < until && !text.contains("/products/b/0<")) {
            text = Http.get(both.get(1).uri("sitemap-products-1.xml")).text();
            Thread.sleep(100);
        }
        assertTrue(text.contains("/products/b/0<"), "node B serves node A's new render");
        assertEquals(1, both.get(0).products.renders.get(), "node A rendered the invalidated section");
        assertEquals(1, both.get(1).products.renders.get(), "node B rendered only the first, cold one");
    }

    /**
     * With the default lease (3 s, renewed every second), a node that dies mid-render costs the
     * others the lease and a render, not half a minute: node B, asked meanwhile, renders once it has
     * seen node A's lease go unrenewed for 3 s and answers within its render-wait.
     */
    @Test
    void whenTheRenderingNodeStopsMidRenderTheOtherTakesOverOnceTheLeaseExpires() throws Exception {
        List<Node> both = twoNodes(new Catalog(), Map.of("sitemapkit.render-wait", "20s"));
        Node a = both.get(0);
        Node b = both.get(1);
        a.products.hold = new CountDownLatch(1); // node A starts rendering and never finishes
        CompletableFuture.runAsync(() -> Http.get(a.uri("sitemap-products-1.xml")));
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (a.products.renders.get() == 0 && System.nanoTime() < until) {
            Thread.sleep(20);
        }
        assertEquals(1, a.products.renders.get(), "node A holds the lease and renders");
        a.member.getLifecycleService().terminate(); // node A dies: its lease is never released
        a.jetty.close();
        long start = System.nanoTime();
        Http.Response r = Http.get(b.uri("sitemap-products-1.xml"));
        assertEquals(200, r.status());
        assertEquals(1, b.products.renders.get(), "node B rendered once the lease expired");
        assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) < 20_000);
        Thread.sleep(4_000); // node B's render committed: it never renders again for node A's lease
        assertEquals(1, b.products.renders.get());
    }

    /**
     * A render slower than the lease is never taken over while its node lives: the lease is renewed
     * every second, and the other node waits for that render and serves it.
     */
    @Test
    void aRenderSlowerThanTheLeaseIsNeverTakenOverWhileItsNodeRenews() throws Exception {
        List<Node> both = twoNodes(new Catalog(), Map.of("sitemapkit.render-wait", "30s"));
        Node a = both.get(0);
        Node b = both.get(1);
        a.products.slowMillis = 8_000; // more than twice the 3 s lease
        CompletableFuture<Http.Response> fromA = CompletableFuture.supplyAsync(() -> Http.get(a.uri("sitemap.xml")));
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (a.products.renders.get() == 0 && System.nanoTime() < until) {
            Thread.sleep(20);
        }
        Http.Response fromB = Http.get(b.uri("sitemap-products-1.xml"));
        assertEquals(200, fromB.status());
        assertEquals(200, fromA.get(60, TimeUnit.SECONDS).status());
        assertEquals(1, a.products.renders.get());
        assertEquals(0, b.products.renders.get(), "node B waited for node A's render instead of taking it over");
    }

    @Test
    void aNodeCutOffFromTheClusterKeepsServingItsLastGoodPagesAndSaysSo() throws Exception {
        List<Node> both = twoNodes(new Catalog(), Map.of());
        Node b = both.get(1);
        Http.Response before = Http.get(b.uri("sitemap-products-2.xml"));
        Http.Response rootBefore = Http.get(b.uri("sitemap.xml"));
        assertEquals(200, before.status());
        List<String> warnings;
        try (LogRecords logs = LogRecords.of("org.sitemapkit", Level.WARNING)) {
            b.member.getLifecycleService().terminate(); // node B loses the cluster
            Thread.sleep(1200); // past the time node B trusts its copy of the metadata
            for (int i = 0; i < 5; i++) {
                Http.Response page = Http.get(b.uri("sitemap-products-2.xml"));
                assertEquals(200, page.status(), "no 5xx while pages exist");
                assertArrayEquals(before.body(), page.body(), "its last good page, whole");
                assertArrayEquals(
                        rootBefore.body(), Http.get(b.uri("sitemap.xml")).body());
            }
            warnings = logs.containing("");
        }
        assertTrue(
                warnings.stream().anyMatch(w -> w.contains("cut off from the shared page store")), warnings.toString());
    }
}
