package org.sitemapkit.internal.store;

import org.sitemapkit.internal.Threads;

/**
 * Where rendered sections are kept: in memory by default, on disk so pages survive restarts and
 * stay off the heap, or in a JCache shared by several nodes. Keys are opaque strings naming a
 * site and a section. Implementations must be thread-safe.
 */
public interface SectionStore {
    /**
     * The section last put under {@code key}, or null.
     *
     * @param key names a site and a section
     * @return the section, or null when none was put or it was removed
     */
    RenderedSection get(String key);

    /**
     * The section as the store holds it now, for a node deciding whether to render: a store that
     * serves requests from a short-lived local copy asks its backing store instead.
     *
     * @param key names a site and a section
     * @return the section, or null
     */
    default RenderedSection latest(String key) {
        return get(key);
    }

    /**
     * Keeps one page of a render in progress as soon as it is written, before {@link #put} commits
     * the section, so that a render never holds a whole section on the heap; returns the page as
     * this store will serve it. Memory stores keep it as it is.
     *
     * @param key names a site and a section
     * @param page the page just written
     * @return the page to put in the section, its bytes perhaps no longer on the heap
     */
    default CachedPage keep(String key, CachedPage page) {
        return page;
    }

    /**
     * Commits a render: readers see the whole new section or the old one, never a mix.
     *
     * @param key names a site and a section
     * @param section the whole section, its pages given by {@link #keep}
     */
    void put(String key, RenderedSection section);

    /**
     * Commits a render made on top of {@code base}, unless the store took another render of the
     * section since: then nothing changes and the caller renders again on top of that one, so two
     * nodes never overwrite each other's changes. A store of one JVM, where one render of a
     * section runs at a time, always commits.
     *
     * @param key names a site and a section
     * @param base the section the render was made on top of, as {@link #latest} gave it, or null
     * @param section the whole section, its pages given by {@link #keep}
     * @return whether the section was committed
     * @throws java.io.UncheckedIOException when a shared store could not be reached; the section
     *     may then be served by this node only
     */
    default boolean put(String key, RenderedSection base, RenderedSection section) {
        put(key, section);
        return true;
    }

    /**
     * Forgets a section everywhere, so that its next request renders it again.
     *
     * @param key names a site and a section
     */
    void remove(String key);

    /**
     * This node no longer caches {@code key}'s site (the least recently used of too many). A store
     * of this JVM frees it; a store shared with other nodes keeps it for them.
     *
     * @param key names a site and a section
     */
    default void evicted(String key) {
        remove(key);
    }

    /**
     * Tries to make {@code owner} the one node rendering {@code key} until {@code untilMillis}
     * (wall clock), or to extend its own lease. A store of one JVM always grants it; a shared store
     * grants it to one node at a time, so a cluster renders a section once.
     *
     * @param key names a site and a section
     * @param owner names the node, unique in the cluster
     * @param untilMillis epoch milliseconds when the lease lapses unless renewed
     * @return whether {@code owner} holds the lease now
     */
    default boolean lease(String key, String owner, long untilMillis) {
        return true;
    }

    /**
     * Gives up a lease taken by {@link #lease}, so another node need not wait for it to lapse.
     *
     * @param key names a site and a section
     * @param owner the node that took it; a lease another node holds is left alone
     */
    default void release(String key, String owner) {}

    /**
     * Runs what this store runs in the background (bounded cache calls) on the application's
     * threads from now on, instead of its own.
     *
     * @param threads the application's threads
     */
    default void threads(Threads threads) {}

    /** Frees what this store runs (threads); stored pages stay. Called when the filter stops. */
    default void close() {}
}
