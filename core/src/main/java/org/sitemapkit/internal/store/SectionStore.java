package org.sitemapkit.internal.store;

import java.util.Collection;
import java.util.Set;
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
     * Tries to make {@code owner} the one node rendering {@code key} for the next
     * {@code leaseMillis}, or renews its own lease. A store of one JVM always grants it; a shared
     * store grants it to one node at a time, so a cluster renders a section once, and takes another
     * node's lease only once that node stopped renewing it: once this node has seen it unchanged for
     * as long as it lasts, on its own clock, so that nodes need not agree on the time.
     *
     * @param key names a site and a section
     * @param owner names the node, unique in the cluster
     * @param leaseMillis how long the lease lasts unless renewed
     * @return whether {@code owner} holds the lease now
     */
    default boolean lease(String key, String owner, long leaseMillis) {
        return true;
    }

    /**
     * Extends {@code owner}'s lease while it renders, and only that: a lease it gave up, or lost to
     * another node, is not taken again by a renewal still under way.
     *
     * @param key names a site and a section
     * @param owner the node that holds it
     * @param leaseMillis how long the lease lasts from now unless renewed again
     * @return whether {@code owner} still holds the lease
     */
    default boolean renew(String key, String owner, long leaseMillis) {
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
     * Records, before an invalidation returns, that a change of {@code key}'s section waits for a
     * render, where the next renderer sees it even if this JVM dies the next moment: a shared store
     * in the cache every node reads, the disk store in the section's folder, flushed to the device.
     * A store of one JVM's memory records nothing: it renders every section anew at start.
     *
     * @param key names a site and a section
     * @param changedKeys the keys of the rows that changed (one change: one committed transaction), or
     *     null for the whole section
     * @return the change's generation, for {@link PendingChanges#covers}; 0 when nothing was recorded
     *     (a memory store, or a store that cannot be reached, which it logs)
     */
    default long intend(String key, Collection<Long> changedKeys) {
        return 0;
    }

    /**
     * The changes recorded by {@link #intend} that no committed render took yet, from any node.
     *
     * @param key names a site and a section
     * @return the record; {@link PendingChanges#NONE} when none or when the store is out of reach
     */
    default PendingChanges pending(String key) {
        return PendingChanges.NONE;
    }

    /**
     * A render that took {@code snapshot} (read by {@link #pending} under the lease, before the
     * render read its source) committed: those changes are rendered, those made since still wait.
     *
     * @param key names a site and a section
     * @param snapshot what the render took
     */
    default void rendered(String key, PendingChanges snapshot) {}

    /**
     * The sections with changes recorded and perhaps not rendered, so that another node, or this
     * one after a restart, renders what a node that stopped left.
     *
     * @return section keys; empty for a store that records nothing
     */
    default Set<String> intended() {
        return Set.of();
    }

    /**
     * Whether {@link #intend} records changes beyond this JVM, so that a node looks for changes
     * others left.
     */
    default boolean recordsChanges() {
        return false;
    }

    /**
     * Whether another node holds a live render lease on {@code key} now: one it renews, as far as
     * this node has seen. A store of one JVM has no other node.
     *
     * @param key names a site and a section
     * @param owner this node, whose own lease does not count
     * @param leaseMillis how long a lease lasts unless renewed
     * @return true while another node renders the section
     */
    default boolean leasedByAnother(String key, String owner, long leaseMillis) {
        return false;
    }

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
