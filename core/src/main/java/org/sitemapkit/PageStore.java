package org.sitemapkit;

import java.nio.file.Path;
import java.util.Objects;
import javax.cache.CacheManager;
import org.sitemapkit.internal.store.DiskPageStore;
import org.sitemapkit.internal.store.JCachePageStore;
import org.sitemapkit.internal.store.MemoryPageStore;
import org.sitemapkit.internal.store.SectionStore;

/**
 * Where rendered pages are kept, handed to {@link SitemapKit#store}: in memory, on disk so pages
 * survive restarts and stay off the heap, or in a JCache shared by several nodes. The {@code store}
 * setting makes the same three; this is for a store built in code, such as a JCache on your own
 * cache manager. Closed is its maker's business: {@link #close} it when the application stops.
 *
 * <p>Not an interface on purpose: a store that several nodes share must hold a render lease and
 * commit sections atomically, and JCache is the one standard way to reach any shared cache
 * (Hazelcast, Infinispan, Ehcache, Redis through Redisson), so 1.0 keeps that contract internal.
 */
public final class PageStore implements AutoCloseable {
    private final SectionStore store;

    private PageStore(SectionStore store) {
        this.store = store;
    }

    /**
     * Pages on the heap, lost with the process; the default.
     *
     * @return a new store
     */
    public static PageStore memory() {
        return new PageStore(new MemoryPageStore());
    }

    /**
     * Pages in files under {@code dir}, served from there after a restart without a render.
     *
     * @param dir the directory, created if absent; one application per directory
     * @return a new store
     * @throws java.io.UncheckedIOException when the directory cannot be created or written
     */
    public static PageStore disk(Path dir) {
        return new PageStore(new DiskPageStore(Objects.requireNonNull(dir, "dir")));
    }

    /**
     * Pages in the caches {@code name} and {@code name-leases} of {@code manager}, created if
     * absent: every node of a cluster that shares them renders a section once and serves the same
     * bytes.
     *
     * @param manager the application's cache manager, shared by every node of the cluster
     * @param name the name of the pages cache
     * @return a new store
     */
    @SuppressWarnings("exports") // JCache is optional (requires static): whoever has a CacheManager reads its module
    public static PageStore jcache(CacheManager manager, String name) {
        return new PageStore(new JCachePageStore(Objects.requireNonNull(manager, "manager"), name));
    }

    static PageStore of(SectionStore store) {
        return new PageStore(store);
    }

    SectionStore sections() {
        return store;
    }

    /** Frees what the store runs (threads of a JCache store); stored pages stay. */
    @Override
    public void close() {
        store.close();
    }

    @Override
    public String toString() {
        return store.toString();
    }
}
