package org.sitemapkit.internal.store;

/** What the engine's tests read of the stores' package-private state. */
public final class StoreInternals {
    /** How long a JCache store trusts its copy of a section's metadata. */
    public static final long JCACHE_FRESH_MILLIS = JCachePageStore.FRESH_MILLIS;

    private StoreInternals() {}

    /** How many sections a memory store holds. */
    public static int size(MemoryPageStore store) {
        return store.size();
    }
}
