package org.sitemapkit.internal.store;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The changes of one section acknowledged and not yet rendered, as a store records them where the
 * next renderer sees them: the keys of changed rows (or the whole section), each with the
 * generation of its last change. A render takes a snapshot after its lease and before it reads its
 * source; once committed, it clears what the snapshot held and records that every change up to the
 * snapshot's generation is rendered, so a change made meanwhile stays. A node that recorded a
 * change knows it rendered, by it or by another node, once {@link #covers} its generation. Pure
 * values, no I/O; the stores write them as text.
 */
public final class PendingChanges {
    /** Nothing pending, nothing recorded. */
    public static final PendingChanges NONE = new PendingChanges(0, 0, 0, new TreeMap<>());

    private static final String MAGIC = "sitemapkit-pending 1";
    /** The most keys a record holds: past it, the whole section is pending instead (a bounded record). */
    static final int MAX_KEYS = 10_000;

    private final long generation;
    private final long rendered;
    /** The generation of the last whole-section change, 0 for none. */
    private final long all;

    private final TreeMap<Long, Long> keys;

    private PendingChanges(long generation, long rendered, long all, TreeMap<Long, Long> keys) {
        this.generation = generation;
        this.rendered = rendered;
        this.all = all;
        this.keys = keys;
    }

    /**
     * This record with one more change, at the next generation.
     *
     * @param key the key of the row that changed, or null for the whole section
     * @return the new record; its {@link #generation()} is the change's
     */
    public PendingChanges plus(Long key) {
        return plus(key == null ? null : List.of(key));
    }

    /**
     * This record with one more change of several rows (one committed transaction), all at the next
     * generation: one change, so that it costs one render.
     *
     * @param changed the keys of the rows that changed, or null for the whole section
     * @return the new record; its {@link #generation()} is the change's
     */
    public PendingChanges plus(Collection<Long> changed) {
        long g = generation + 1;
        TreeMap<Long, Long> k = new TreeMap<>(keys);
        long a = all;
        if (changed == null) {
            a = g; // a whole render takes every key too
        } else {
            for (Long key : changed) {
                if (!k.containsKey(key) && k.size() >= MAX_KEYS) {
                    a = g;
                    break;
                }
                k.put(key, g);
            }
        }
        return new PendingChanges(g, rendered, a, k);
    }

    /**
     * What is left once a render that took {@code snapshot} committed: changes made after the
     * snapshot stay, and every generation up to it counts as rendered.
     *
     * @param snapshot what the render took, read from this record's history
     * @return the record to store
     */
    public PendingChanges minus(PendingChanges snapshot) {
        long through = snapshot.generation;
        TreeMap<Long, Long> k = new TreeMap<>();
        keys.forEach((key, g) -> {
            if (g > through) {
                k.put(key, g);
            }
        });
        return new PendingChanges(
                Math.max(generation, through), Math.max(rendered, through), all > through ? all : 0, k);
    }

    /** The last generation given to a change. */
    public long generation() {
        return generation;
    }

    /**
     * Whether the change given {@code generation} was taken by a render that committed.
     *
     * @param generation a change's generation, from {@link #plus}
     * @return true once rendered
     */
    public boolean covers(long generation) {
        return generation <= rendered;
    }

    /** Whether nothing waits for a render. */
    public boolean isEmpty() {
        return all == 0 && keys.isEmpty();
    }

    /** Whether the whole section waits for a render. */
    public boolean all() {
        return all != 0;
    }

    /** The keys of changed rows waiting for a render, in order. */
    public SortedSet<Long> keys() {
        return Collections.unmodifiableSortedSet(new TreeSet<>(keys.keySet()));
    }

    /**
     * The record as text: a first line naming the format and the generations, then one line per
     * key ({@code key generation}). Text, so that a shared cache compares it by value.
     */
    public String encode() {
        StringBuilder out = new StringBuilder(48 + 24 * keys.size());
        out.append(MAGIC)
                .append(' ')
                .append(generation)
                .append(' ')
                .append(rendered)
                .append(' ')
                .append(all)
                .append('\n');
        for (Map.Entry<Long, Long> e : keys.entrySet()) {
            out.append(e.getKey()).append(' ').append(e.getValue()).append('\n');
        }
        return out.toString();
    }

    /**
     * Reads what {@link #encode} wrote, refusing anything else whole.
     *
     * @param text the record, or null for none
     * @return the record; {@link #NONE} for null
     * @throws IOException when the text is not such a record
     */
    public static PendingChanges decode(String text) throws IOException {
        if (text == null) {
            return NONE;
        }
        String[] lines = text.split("\n", -1);
        if (lines.length < 2 || !lines[lines.length - 1].isEmpty()) {
            throw new IOException("a pending-changes record must end with a line break");
        }
        String[] head = lines[0].split(" ", -1);
        if (head.length != 5 || !(head[0] + " " + head[1]).equals(MAGIC)) {
            throw new IOException("not a pending-changes record");
        }
        long generation = number(head[2]);
        long rendered = number(head[3]);
        long all = number(head[4]);
        if (rendered > generation || all > generation || (all != 0 && all <= rendered) || lines.length - 2 > MAX_KEYS) {
            throw new IOException("a pending-changes record out of order");
        }
        TreeMap<Long, Long> keys = new TreeMap<>();
        for (int i = 1; i < lines.length - 1; i++) {
            int space = lines[i].indexOf(' ');
            if (space < 0) {
                throw new IOException("line " + (i + 1) + " of a pending-changes record has no generation");
            }
            long key = signed(lines[i].substring(0, space));
            long g = number(lines[i].substring(space + 1));
            if (g > generation || g <= rendered || keys.put(key, g) != null) {
                throw new IOException("line " + (i + 1) + " of a pending-changes record is out of order");
            }
        }
        return new PendingChanges(generation, rendered, all, keys);
    }

    /** {@link #decode(String)} of UTF-8 bytes, as a file holds them. */
    static PendingChanges decode(byte[] bytes) throws IOException {
        return decode(new String(bytes, StandardCharsets.UTF_8));
    }

    private static long number(String s) throws IOException {
        long n = signed(s);
        if (n < 0) {
            throw new IOException("a negative generation: " + s);
        }
        return n;
    }

    private static long signed(String s) throws IOException {
        if (s.isEmpty() || s.length() > 20 || !s.matches("-?[0-9]+")) {
            throw new IOException("not a number: \"" + (s.length() > 24 ? s.substring(0, 24) + "..." : s) + "\"");
        }
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new IOException("not a number: " + s, e);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PendingChanges p
                && p.generation == generation
                && p.rendered == rendered
                && p.all == all
                && p.keys.equals(keys);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(generation) * 31 + keys.hashCode();
    }

    @Override
    public String toString() {
        return (all() ? "the whole section" : keys.size() + " key(s)") + " pending, generation " + generation
                + ", rendered through " + rendered;
    }
}
