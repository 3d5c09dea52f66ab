package org.sitemapkit.internal.service;

import com.hazelcast.cache.impl.HazelcastServerCachingProvider;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import javax.cache.CacheManager;
import org.sitemapkit.internal.Threads;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.render.UrlSources;
import org.sitemapkit.internal.store.HazelcastJCacheStoreTest;
import org.sitemapkit.internal.store.JCachePageStore;
import org.sitemapkit.internal.store.RedissonNodes;
import org.sitemapkit.internal.store.SectionStore;
import org.sitemapkit.testsupport.FreePorts;

/**
 * Nodes of one cluster in this JVM, each with its own Hazelcast member on 127.0.0.1 (or its own
 * Redisson client of one redis-server), JCache store, threads and service, as separate application
 * processes would have: stopped gracefully (the application's stop, then the member's goodbye) or
 * abruptly (the link closed without goodbye, the threads killed, nothing else), and started again.
 */
final class ClusterNodes implements AutoCloseable {
    /** The shared cache the nodes reach: Hazelcast members in each node, or a Redis server through Redisson clients. */
    enum Engine {
        HAZELCAST,
        REDIS
    }

    /** One node while it runs. */
    static final class Node {
        /** The node's Hazelcast member; null on Redis. */
        final HazelcastInstance member;

        final CacheManager manager;
        final SectionStore store;
        final Threads threads;
        final SitemapService service;

        Node(
                HazelcastInstance member,
                CacheManager manager,
                SectionStore store,
                Threads threads,
                SitemapService service) {
            this.member = member;
            this.manager = manager;
            this.store = store;
            this.threads = threads;
            this.service = service;
        }

        /** The node's link to the cluster goes without goodbye: a member terminated, a client's connections closed. */
        void cutLink() {
            if (member != null) {
                member.getLifecycleService().terminate();
            } else {
                manager.close();
            }
        }

        /** The node leaves the cluster as a stopping process does. */
        void leave() {
            if (member != null) {
                member.shutdown();
            } else {
                manager.close();
            }
        }
    }

    private final Engine engine;

    private final String cluster = "cluster-" + UUID.randomUUID();
    private final int[] ports;
    private final String[] addresses;
    private final Settings settings;
    private final Supplier<UrlSources> sources;
    private final Node[] nodes;

    ClusterNodes(int size, Settings settings, Supplier<UrlSources> sources) {
        this(Engine.HAZELCAST, size, settings, sources);
    }

    ClusterNodes(Engine engine, int size, Settings settings, Supplier<UrlSources> sources) {
        this.engine = engine;
        if (engine == Engine.REDIS) {
            RedissonNodes.server(); // skips the test, naming the package, where redis-server is not installed
        }
        this.ports = FreePorts.take(size);
        this.addresses = new String[size];
        for (int i = 0; i < size; i++) {
            addresses[i] = "127.0.0.1:" + ports[i];
        }
        this.settings = settings;
        this.sources = sources;
        this.nodes = new Node[size];
    }

    /** Starts every node and waits until their members form one cluster. */
    ClusterNodes startAll() throws InterruptedException {
        for (int i = 0; i < nodes.length; i++) {
            start(i);
        }
        awaitWhole();
        return this;
    }

    /** Starts node {@code i}, which joins the members that run. */
    synchronized Node start(int i) {
        HazelcastInstance member = null;
        CacheManager manager;
        if (engine == Engine.HAZELCAST) {
            member = Hazelcast.newHazelcastInstance(
                    HazelcastJCacheStoreTest.loopbackMember(cluster, ports[i], addresses));
            // One provider per member, each with the default URI, so all name the same caches: through
            // Caching's registry, one JVM's nodes would share one manager instead.
            manager = new HazelcastServerCachingProvider(member).getCacheManager();
        } else {
            manager = RedissonNodes.node(RedissonNodes.BOUNDED); // a client of its own, as a node has
        }
        SectionStore store = new JCachePageStore(manager, cluster);
        Threads threads = Threads.of(null);
        nodes[i] =
                new Node(member, manager, store, threads, new SitemapService(settings, sources.get(), store, threads));
        return nodes[i];
    }

    /** The render lease of a section as node {@code i} reads it in the shared cache: {@code owner renewal millis}, or null. */
    String lease(int i, String sectionKey) {
        return node(i).manager
                .getCache(cluster + "-leases", String.class, String.class)
                .get("s|" + sectionKey);
    }

    /** The node, or null while it is stopped. */
    synchronized Node node(int i) {
        return nodes[i];
    }

    /** Every node that runs. */
    synchronized List<Node> running() {
        List<Node> out = new ArrayList<>();
        for (Node n : nodes) {
            if (n != null) {
                out.add(n);
            }
        }
        return out;
    }

    int size() {
        return nodes.length;
    }

    /**
     * Stops node {@code i} as an application server does: the application stops (its waiting
     * changes rendered or handed over), then the member leaves the cluster with a goodbye.
     */
    void stopGracefully(int i) {
        Node n = take(i);
        n.service.stop();
        n.service.close();
        n.threads.close();
        n.store.close();
        n.leave();
    }

    /**
     * Node {@code i} dies: its member is closed without goodbye, then its threads are killed, and
     * nothing else runs: no lease released, no change handed over.
     */
    void kill(int i) {
        Node n = take(i);
        n.cutLink();
        n.threads.close();
    }

    private synchronized Node take(int i) {
        Node n = nodes[i];
        nodes[i] = null;
        if (n == null) {
            throw new IllegalStateException("node " + i + " is not running");
        }
        return n;
    }

    /** Waits until every running member sees all the others and the cluster holds a backup of every entry. */
    void awaitWhole() throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (System.nanoTime() < until) {
            List<Node> up = running();
            if (engine == Engine.REDIS) {
                return; // the server holds every entry; clients need not see each other
            }
            if (!up.isEmpty()
                    && up.stream()
                            .allMatch(n -> n.member.getCluster().getMembers().size() == up.size())
                    && up.get(0).member.getPartitionService().isClusterSafe()) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the members did not form one safe cluster within 90 s");
    }

    @Override
    public void close() {
        for (int i = 0; i < nodes.length; i++) {
            if (node(i) != null) {
                Node n = take(i);
                n.service.close();
                n.threads.close();
                n.store.close();
                n.cutLink();
            }
        }
    }
}
