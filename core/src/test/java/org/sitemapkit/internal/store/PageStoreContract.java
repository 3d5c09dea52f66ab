package org.sitemapkit.internal.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.sitemapkit.internal.Gzip;

/**
 * What every {@link SectionStore} must do, run against each store: a section comes back with the
 * same pages, bytes and ETags; a new render replaces the old one whole; and a shared store
 * grants a render lease to one node at a time and keeps what one node evicts.
 */
abstract class PageStoreContract {
    /** A fresh, empty store; stores of one test share nothing with another's. */
    abstract SectionStore store();

    /** Whether several nodes share this store, so that it grants render leases one at a time. */
    abstract boolean shared();

    /** Whether what a node evicts stays (shared with other nodes, or on disk at no cost in heap). */
    boolean keepsEvicted() {
        return shared();
    }

    static final String KEY = "https://shop.example.com/|products";

    static RenderedSection render(SectionStore store, String key, String variant, int pages, long at) {
        List<CachedPage> kept = new ArrayList<>();
        for (int i = 0; i < pages; i++) {
            byte[] xml = ("<urlset><url><loc>https://shop.example.com/" + variant + "/" + i + "</loc></url></urlset>")
                    .getBytes(StandardCharsets.UTF_8);
            kept.add(store.keep(
                    key,
                    new CachedPage(
                            Gzip.compress(xml, 6), xml.length, 1, "2026-11-2" + (i % 10) + "T10:00:00Z", 1_000L * i)));
        }
        RenderedSection section = new RenderedSection("products", at, kept, Map.of("OTHER_HOST", 2L));
        store.put(key, section);
        return section;
    }

    static String inflate(byte[] gzip) {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gzip))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void aSectionComesBackWithItsPagesBytesAndEtags() {
        SectionStore store = store();
        assertNull(store.get(KEY));
        RenderedSection written = render(store, KEY, "a", 3, 1234);
        RenderedSection read = store.get(KEY);
        assertNotNull(read);
        assertEquals(1234, read.renderedAtMillis());
        assertEquals(3, read.pages().size());
        assertEquals(Map.of("OTHER_HOST", 2L), read.skipped());
        for (int i = 0; i < 3; i++) {
            CachedPage w = written.pages().get(i);
            CachedPage r = read.pages().get(i);
            assertEquals(w.etag(), r.etag());
            assertArrayEquals(w.gzip(), r.gzip());
            assertEquals(w.identityLength(), r.identityLength());
            assertEquals(w.lastmod(), r.lastmod());
            assertEquals(w.lastModifiedMillis(), r.lastModifiedMillis());
            assertEquals(w.urlCount(), r.urlCount());
        }
        assertEquals(written.version(), read.version());
    }

    @Test
    void aNewRenderReplacesTheOldOneWhole() {
        SectionStore store = store();
        render(store, KEY, "a", 3, 1);
        RenderedSection second = render(store, KEY, "b", 2, 2);
        RenderedSection read = store.get(KEY);
        assertEquals(second.version(), read.version());
        assertEquals(2, read.pages().size());
        assertTrue(inflate(read.pages().get(1).gzip()).contains("/b/1"));
        RenderedSection third = render(store, KEY, "c", 1, 3);
        assertEquals(third.version(), store.get(KEY).version());
        assertArrayEquals(
                third.pages().get(0).gzip(), store.get(KEY).pages().get(0).gzip());
    }

    @Test
    void sectionsOfOtherKeysStayApartAndRemoveDropsOne() {
        SectionStore store = store();
        render(store, KEY, "a", 1, 1);
        render(store, "https://other.example.com/|products", "b", 1, 1);
        store.remove(KEY);
        assertNull(store.get(KEY));
        assertNotNull(store.get("https://other.example.com/|products"));
    }

    @Test
    void evictionOnOneNodeKeepsWhatTheOthersShare() {
        SectionStore store = store();
        render(store, KEY, "a", 2, 1);
        store.evicted(KEY);
        if (keepsEvicted()) {
            assertNotNull(store.get(KEY), "a shared store keeps it for the other nodes; a disk store keeps its files");
        } else {
            assertNull(store.get(KEY));
        }
    }

    @Test
    void aLeaseIsGrantedToOneNodeAtATimeAndTakenOverWhenItExpires() throws Exception {
        SectionStore store = store();
        assertTrue(store.lease(KEY, "node-a", 60_000));
        if (!shared()) {
            assertTrue(store.lease(KEY, "node-b", 60_000), "one JVM: always granted");
            assertFalse(store.leasedByAnother(KEY, "node-b", 60_000));
            return;
        }
        assertFalse(store.lease(KEY, "node-b", 60_000), "node a holds it");
        assertTrue(store.leasedByAnother(KEY, "node-b", 60_000));
        assertFalse(store.leasedByAnother(KEY, "node-a", 60_000), "its own lease is not another's");
        assertTrue(store.lease(KEY, "node-a", 60_000), "its owner extends it");
        store.release(KEY, "node-a");
        assertFalse(store.leasedByAnother(KEY, "node-b", 60_000), "released");
        assertTrue(store.lease(KEY, "node-b", 300), "released: node b takes it");
        assertFalse(store.lease(KEY, "node-a", 60_000));
        Thread.sleep(400);
        assertTrue(store.leasedByAnother(KEY, "node-a", 60_000) == false, "node b stopped renewing");
        assertTrue(store.lease(KEY, "node-a", 60_000), "expired: node a takes over");
    }

    /** A renewal still under way when its node gives the lease up never takes it again. */
    @Test
    void aRenewalAfterTheReleaseDoesNotTakeTheLeaseAgain() {
        SectionStore store = store();
        assertTrue(store.lease(KEY, "node-a", 60_000));
        assertTrue(store.renew(KEY, "node-a", 60_000));
        if (!shared()) {
            return;
        }
        store.release(KEY, "node-a");
        assertFalse(store.renew(KEY, "node-a", 60_000), "given up");
        assertFalse(store.leasedByAnother(KEY, "node-b", 60_000));
        assertTrue(store.lease(KEY, "node-b", 60_000));
        assertFalse(store.renew(KEY, "node-a", 60_000), "node b holds it now");
        assertTrue(store.leasedByAnother(KEY, "node-a", 60_000));
    }

    /**
     * A lease renewed more often than it lasts is never taken, however long its owner renders;
     * one whose owner stops renewing is taken once it lasted, on the taker's own clock.
     */
    @Test
    void aRenewedLeaseIsNeverTakenAndAnAbandonedOneIsTakenAfterItsLength() throws Exception {
        if (!shared()) {
            return;
        }
        SectionStore store = store();
        assertTrue(store.lease(KEY, "node-a", 300));
        long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1_000);
        while (System.nanoTime() < until) {
            assertFalse(store.lease(KEY, "node-b", 60_000), "node a renews every 100 ms: its lease holds");
            Thread.sleep(100);
            assertTrue(store.renew(KEY, "node-a", 300));
        }
        long stopped = System.nanoTime();
        while (!store.lease(KEY, "node-b", 60_000)) {
            Thread.sleep(20);
        }
        long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - stopped);
        assertTrue(tookMillis >= 300, "not before the lease's length: " + tookMillis + " ms");
    }

    /**
     * Changes recorded by any node stay until a render that took them commits; a change made while
     * that render ran stays for the next, and a node knows its change rendered by its generation.
     */
    @Test
    void recordedChangesStayUntilARenderTookThem() {
        SectionStore store = store();
        long first = store.intend(KEY, java.util.List.of(10L));
        if (!store.recordsChanges()) {
            assertEquals(0, first, "a store of this JVM's memory records nothing");
            assertTrue(store.pending(KEY).isEmpty());
            return;
        }
        assertTrue(first > 0);
        long second = store.intend(KEY, java.util.List.of(20L));
        assertTrue(second > first);
        assertEquals(Set.of(KEY), store.intended());
        PendingChanges snapshot = store.pending(KEY);
        assertEquals(List.of(10L, 20L), List.copyOf(snapshot.keys()));
        long during = store.intend(KEY, java.util.List.of(20L)); // the same row changed again while the render ran
        store.rendered(KEY, snapshot);
        PendingChanges left = store.pending(KEY);
        assertTrue(left.covers(first) && left.covers(second));
        assertFalse(left.covers(during));
        assertEquals(List.of(20L), List.copyOf(left.keys()), "the change made during the render stays");
        assertEquals(Set.of(KEY), store.intended());
        store.rendered(KEY, left);
        assertTrue(store.pending(KEY).isEmpty());
        assertTrue(store.pending(KEY).covers(during));
        assertEquals(Set.of(), store.intended(), "no section left with changes");
        assertTrue(store.intend(KEY, null) > during, "generations only grow");
        assertTrue(store.pending(KEY).all());
    }
}
