package org.sitemapkit.internal.render;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * What one page lists, 12 bytes per URL: a 64-bit hash of each loc and a 32-bit hash of its
 * lastmod, sorted by the loc hash. Comparing these between two renders tells which URLs were
 * added, removed or got a new lastmod without holding a single URL string: the strings are read
 * back from the page only for the URLs that changed.
 */
public final class Fingerprints {
    /** Bytes per URL in {@link #bytes()}. */
    public static final int RECORD = 12;

    private final long[] locs;
    private final int[] lastmods;

    private Fingerprints(long[] locs, int[] lastmods) {
        this.locs = locs;
        this.lastmods = lastmods;
    }

    /**
     * The 64-bit hash of a loc: FNV-1a over its bytes as the page holds them (encoded and
     * escaped), then the SplitMix64 finaliser to spread the bits. Fixed by this code, not by the
     * JVM, so fingerprints kept on disk stay valid.
     *
     * @param b the bytes between {@code <loc>} and {@code </loc>}
     * @param off where they start
     * @param len how many
     * @return its hash
     */
    public static long locHash(byte[] b, int off, int len) {
        long h = 0xcbf29ce484222325L;
        for (int i = off; i < off + len; i++) {
            h = (h ^ (b[i] & 0xff)) * 0x100000001b3L;
        }
        h = (h ^ (h >>> 30)) * 0xbf58476d1ce4e5b9L;
        h = (h ^ (h >>> 27)) * 0x94d049bb133111ebL;
        return h ^ (h >>> 31);
    }

    /**
     * How many URLs the page lists.
     *
     * @return the count
     */
    public int size() {
        return locs.length;
    }

    /**
     * The loc hash of record {@code i}, in ascending order.
     *
     * @param i from 0
     * @return the hash
     */
    public long loc(int i) {
        return locs[i];
    }

    /**
     * The lastmod hash of record {@code i}: its text's {@code String.hashCode}, 0 without lastmod.
     *
     * @param i from 0
     * @return the hash
     */
    public int lastmod(int i) {
        return lastmods[i];
    }

    /**
     * Where {@code loc} is among the records, as {@link Arrays#binarySearch(long[], long)} says.
     *
     * @param loc a loc hash
     * @return its index, or a negative number when absent
     */
    public int indexOf(long loc) {
        return Arrays.binarySearch(locs, loc);
    }

    /**
     * The records as they are kept, {@link #RECORD} bytes each.
     *
     * @return a new array
     */
    public byte[] bytes() {
        ByteBuffer b = ByteBuffer.allocate(locs.length * RECORD);
        for (int i = 0; i < locs.length; i++) {
            b.putLong(locs[i]).putInt(lastmods[i]);
        }
        return b.array();
    }

    /**
     * Reads back what {@link #bytes()} wrote.
     *
     * @param bytes the kept records
     * @return the fingerprints
     * @throws IllegalArgumentException when the length is not a whole number of records
     */
    public static Fingerprints of(byte[] bytes) {
        if (bytes.length % RECORD != 0) {
            throw new IllegalArgumentException("not a whole number of fingerprints: " + bytes.length + " bytes");
        }
        int n = bytes.length / RECORD;
        ByteBuffer b = ByteBuffer.wrap(bytes);
        long[] locs = new long[n];
        int[] lastmods = new int[n];
        for (int i = 0; i < n; i++) {
            locs[i] = b.getLong();
            lastmods[i] = b.getInt();
        }
        return new Fingerprints(locs, lastmods);
    }

    /** Collects one page's records as its URLs are written; reused from page to page. */
    static final class Collector {
        private long[] locs = new long[1024];
        private int[] lastmods = new int[1024];
        private int size;

        void add(byte[] b, int off, int len, String lastmod) {
            if (size == locs.length) {
                locs = Arrays.copyOf(locs, size * 2);
                lastmods = Arrays.copyOf(lastmods, size * 2);
            }
            locs[size] = locHash(b, off, len);
            lastmods[size] = lastmod == null ? 0 : lastmod.hashCode();
            size++;
        }

        /** The page's records, sorted; the collector starts the next page empty. */
        Fingerprints take() {
            long[] l = Arrays.copyOf(locs, size);
            int[] m = Arrays.copyOf(lastmods, size);
            sort(l, m, 0, size - 1);
            size = 0;
            return new Fingerprints(l, m);
        }

        /** Quicksort of the loc hashes, carrying each lastmod along. */
        private static void sort(long[] l, int[] m, int lo, int hi) {
            while (lo < hi) {
                long pivot = l[(lo + hi) >>> 1];
                int i = lo;
                int j = hi;
                while (i <= j) {
                    while (l[i] < pivot) {
                        i++;
                    }
                    while (l[j] > pivot) {
                        j--;
                    }
                    if (i <= j) {
                        long t = l[i];
                        l[i] = l[j];
                        l[j] = t;
                        int u = m[i];
                        m[i] = m[j];
                        m[j] = u;
                        i++;
                        j--;
                    }
                }
                if (j - lo < hi - i) { // recurse into the smaller side: the stack stays shallow
                    sort(l, m, lo, j);
                    lo = i;
                } else {
                    sort(l, m, i, hi);
                    hi = j;
                }
            }
        }
    }
}
