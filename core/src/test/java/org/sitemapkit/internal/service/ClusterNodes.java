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
import org.sitemapkit.internal.store.SectionStore;
import org.sitemapkit.testsupport.FreePorts;

/**
 * Nodes of one cluster in this JVM, each with its own Hazelcast member on 127.0.0.1, JCache store,
 * threads and service, as separate application processes would have: stopped gracefully (the
 * application's stop, then the member's goodbye) or abruptly (the member closed without goodbye,
 * the threads killed, nothing else), and started again on the same port.
 */
final class ClusterNodes implements AutoCloseable {
    /** One node while it runs. */
    static final class Node {
        final HazelcastInstance member;
        final SectionStore store;
        final Threads threads;
        final SitemapService service;

        Node(HazelcastInstance member, SectionStore store, Threads threads, SitemapService service) {
            this.member = member;
            this.store = store;
            this.threads = threads;
            this.service = service;
        }
    }

    private final String cluster = "cluster-" + UUID.randomUUID();
    private final int[] ports;
    private final String[] addresses;
    private final Settings settings;
    private final Supplier<UrlSources> sources;
    private final Node[] nodes;

    ClusterNodes(int size, Settings settings, Supplier<UrlSources> sources) {
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
        HazelcastInstance member =
                Hazelcast.newHazelcastInstance(HazelcastJCacheStoreTest.loopbackMember(cluster, ports[i], addresses));
        // One provider per member, each with the default URI, so all name the same caches: through
        // Caching's registry, one JVM's nodes would share one manager instead.
        CacheManager manager = new HazelcastServerCachingProvider(member).getCacheManager();
        SectionStore store = new JCachePageStore(manager, "pages");
        Threads threads = Threads.of(null);
        nodes[i] = new Node(member, store, threads, new SitemapService(settings, sources.get(), store, threads));
        return nodes[i];
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
        n.service.stop(SitemapService.STOP_WAIT);
        n.service.close();
        n.threads.close();
        n.store.close();
        n.member.shutdown();
    }

    /**
     * Node {@code i} dies: its member is closed without goodbye, then its threads are killed, and
     * nothing else runs: no lease released, no change handed over.
     */
    void kill(int i) {
        Node n = take(i);
        n.member.getLifecycleService().terminate();
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
                n.member.getLifecycleService().terminate();
            }
        }
    }
}
