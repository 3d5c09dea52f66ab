package org.sitemapkit.internal.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** The record of changes not rendered yet: what a render takes, what it leaves, and its text. */
class PendingChangesTest {
    @Test
    void aRenderLeavesTheChangesMadeWhileItRan() throws IOException {
        PendingChanges record = PendingChanges.NONE.plus(5L).plus(7L);
        PendingChanges snapshot = record;
        PendingChanges during = record.plus(7L).plus(9L); // 7 changed again, 9 is new
        PendingChanges left = during.minus(snapshot);
        assertEquals(List.of(7L, 9L), List.copyOf(left.keys()));
        assertTrue(left.covers(snapshot.generation()));
        assertFalse(left.covers(during.generation()));
        assertEquals(during.generation(), left.generation(), "generations never go back");
        assertEquals(left, PendingChanges.decode(left.encode()));
    }

    @Test
    void aTransactionsKeysAreOneChange() {
        PendingChanges record = PendingChanges.NONE.plus(List.of(5L, 7L, 9L));
        assertEquals(1, record.generation(), "one committed transaction, one generation");
        assertEquals(List.of(5L, 7L, 9L), List.copyOf(record.keys()));
        PendingChanges later = record.plus(List.of(7L));
        assertEquals(List.of(7L), List.copyOf(later.minus(record).keys()));
        assertTrue(record.plus((java.util.Collection<Long>) null).all(), "null: the whole section");
    }

    @Test
    void aWholeSectionChangeIsTakenByTheRenderAfterIt() {
        PendingChanges all = PendingChanges.NONE.plus(3L).plus((Long) null);
        assertTrue(all.all());
        PendingChanges later = all.plus(4L);
        PendingChanges left = later.minus(all);
        assertFalse(left.all());
        assertEquals(List.of(4L), List.copyOf(left.keys()));
        assertTrue(later.minus(later).isEmpty());
    }

    @Test
    void aRecordPastItsBoundAsksForAWholeRenderInstead() throws IOException {
        StringBuilder full = new StringBuilder("sitemapkit-pending 1 " + PendingChanges.MAX_KEYS + " 0 0\n");
        for (long k = 0; k < PendingChanges.MAX_KEYS; k++) {
            full.append(k).append(' ').append(k + 1).append('\n');
        }
        PendingChanges record = PendingChanges.decode(full.toString());
        assertFalse(record.all());
        assertTrue(record.plus(-1L).all(), "one key more asks for the whole section");
        assertFalse(record.plus(5L).all(), "a key already there does not");
    }

    @Test
    void textOfAnotherFormIsRefusedWhole() {
        for (String bad : List.of(
                "",
                "sitemapkit-pending 1 1 0 0",
                "sitemapkit-pending 2 1 0 0\n",
                "sitemapkit-pending 1 1 2 0\n",
                "sitemapkit-pending 1 2 0 0\n5 1\n5 2\n",
                "sitemapkit-pending 1 2 1 0\n5 1\n",
                "sitemapkit-pending 1 2 0 0\n5\n",
                "sitemapkit-pending 1 2 0 0\n+5 1\n",
                "sitemapkit-pending 1 2 0 0\n5 -1\n",
                "sitemapkit-pending 1 2 2 1\n",
                "sitemapkit-pending 1 99999999999999999999 0 0\n")) {
            assertThrows(IOException.class, () -> PendingChanges.decode(bad), bad);
        }
    }

    /** Whatever the changes and whenever a render takes them, the text reads back the same record. */
    @Property(tries = 200)
    void everyRecordReadsBack(
            @ForAll @Size(max = 40) List<@LongRange(min = -50, max = 50) Long> changes,
            @ForAll @LongRange(min = 0, max = 40) long takenAfter)
            throws IOException {
        PendingChanges record = PendingChanges.NONE;
        PendingChanges snapshot = PendingChanges.NONE;
        for (int i = 0; i < changes.size(); i++) {
            Long key = changes.get(i) == 0 ? null : changes.get(i);
            record = record.plus(key);
            if (i == takenAfter) {
                snapshot = record;
            }
        }
        PendingChanges left = record.minus(snapshot);
        assertEquals(record, PendingChanges.decode(record.encode()));
        assertEquals(left, PendingChanges.decode(left.encode()));
        assertTrue(left.covers(snapshot.generation()));
    }
}
