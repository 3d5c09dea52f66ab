package org.sitemapkit.internal.render;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.zip.GZIPInputStream;

/**
 * {@code lastmod=content}: a lastmod for URLs whose source gives none, that moves only when what
 * the sitemap lists for the URL does. The time is kept nowhere but in the pages themselves: the
 * previous render's page at the same place (and its two neighbours, since rows inserted or deleted
 * ahead shift a section's URLs by up to a page) is read back, and each of its entries is reduced to
 * a hash of its loc, a hash of the entry without its lastmod, and that lastmod. An entry whose loc
 * and content are found there keeps its lastmod; a new or changed one gets the render's time. So the
 * times live in the page store with the pages (a restart and other nodes agree), cost no byte beyond
 * the lastmod element they are, and a render holds three pages' tables at most, whatever the
 * section's size.
 */
final class ContentLastmods {
    private static final byte[] URL_LOC = Xml.bytes("<url><loc>");
    private static final byte[] LOC_END = Xml.bytes("</loc>");
    private static final byte[] LASTMOD = Xml.bytes("<lastmod>");
    private static final byte[] LASTMOD_END = Xml.bytes("</lastmod>");
    private static final byte[] URL_END = Xml.bytes("</url>");

    /** The previous render's page at a writer's page index, gzip; null past its end or for none. */
    private final IntFunction<byte[]> previous;
    /** The render's time. */
    private final Stamp now;
    /** At most the three tables around the page being written, by page index. */
    private final Map<Integer, Table> window = new HashMap<>();
    /** Previous pages that could not be read back, to say once. */
    private int unreadable;

    /**
     * @param previous the previous render's gzip page at each page index of this render
     * @param now the render's time
     */
    ContentLastmods(IntFunction<byte[]> previous, org.sitemapkit.model.Lastmod now) {
        this.previous = previous;
        this.now = new Stamp(now.toString(), now);
    }

    /** A lastmod as a page writes it, and as a value. */
    record Stamp(String text, org.sitemapkit.model.Lastmod lastmod) {}

    /**
     * The lastmod of an entry written without one.
     *
     * @param page the 0-based page the entry is written to
     * @param entry the entry's bytes, {@code <url><loc>...</url>}, with no lastmod
     * @param length how many of them
     * @param locEnd where its loc ends
     * @return the previous render's lastmod when the same loc had the same entry, else the render's time
     */
    Stamp lastmod(int page, byte[] entry, int length, int locEnd) {
        long key = hash(entry, URL_LOC.length, locEnd);
        long content = hash(entry, 0, length);
        slide(page);
        for (int p : new int[] {page, page - 1, page + 1}) {
            Table t = window.get(p);
            Stamp found = t == null ? null : t.lastmod(key, content);
            if (found != null) {
                return found;
            }
        }
        return now;
    }

    /** Pages of the previous render that could not be read back (their URLs got the render's time). */
    int unreadable() {
        return unreadable;
    }

    private void slide(int page) {
        for (Iterator<Integer> i = window.keySet().iterator(); i.hasNext(); ) {
            int p = i.next();
            if (p < page - 1 || p > page + 1) {
                i.remove();
            }
        }
        for (int p = page - 1; p <= page + 1; p++) {
            if (p >= 0 && !window.containsKey(p)) {
                window.put(p, load(p));
            }
        }
    }

    private Table load(int page) {
        byte[] gzip = previous.apply(page);
        if (gzip == null) {
            return null;
        }
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(gzip), 1 << 16)) {
            return Table.of(in.readAllBytes());
        } catch (IOException | RuntimeException e) {
            unreadable++;
            return null;
        }
    }

    /** One previous page's entries: loc hash, content hash without lastmod, and lastmod. */
    static final class Table {
        private final long[] keys;
        private final long[] contents;
        private final Stamp[] lastmods;
        private final int mask;

        private Table(int capacity) {
            int size = Integer.highestOneBit(Math.max(4, capacity * 2 - 1)) << 1;
            keys = new long[size];
            contents = new long[size];
            lastmods = new Stamp[size];
            mask = size - 1;
        }

        /** Reads a page as SitemapKit writes it; an entry that is not in that form is left out. */
        static Table of(byte[] xml) {
            int count = 0;
            for (int at = indexOf(xml, URL_LOC, 0); at >= 0; at = indexOf(xml, URL_LOC, at + 1)) {
                count++;
            }
            Table t = new Table(count);
            Map<String, Stamp> same = new HashMap<>(); // a page's lastmods repeat: one stamp each
            int at = indexOf(xml, URL_LOC, 0);
            while (at >= 0) {
                int locEnd = indexOf(xml, LOC_END, at + URL_LOC.length);
                int end = locEnd < 0 ? -1 : indexOf(xml, URL_END, locEnd);
                if (end < 0) {
                    break;
                }
                end += URL_END.length;
                if (end < xml.length && xml[end] == '\n') {
                    end++; // the encoder ends each entry with a line break
                }
                int after = locEnd + LOC_END.length;
                Stamp lastmod = null;
                long content;
                if (startsWith(xml, after, LASTMOD)) {
                    int close = indexOf(xml, LASTMOD_END, after);
                    if (close < 0 || close > end) {
                        break;
                    }
                    String text = new String(
                            xml,
                            after + LASTMOD.length,
                            close - after - LASTMOD.length,
                            java.nio.charset.StandardCharsets.US_ASCII);
                    lastmod = same.computeIfAbsent(text, Table::stamp);
                    int rest = close + LASTMOD_END.length;
                    content = hash(hash(OFFSET, xml, at, after), xml, rest, end);
                } else {
                    content = hash(xml, at, end);
                }
                if (lastmod != null) {
                    t.put(hash(xml, at + URL_LOC.length, locEnd), content, lastmod);
                }
                at = indexOf(xml, URL_LOC, end);
            }
            return t;
        }

        /** The stamp of a lastmod's text, or null when it is no lastmod (the entry then counts as new). */
        private static Stamp stamp(String text) {
            try {
                return new Stamp(text, org.sitemapkit.model.Lastmod.parse(text)); // written again as it was
            } catch (IllegalArgumentException e) {
                return null;
            }
        }

        private void put(long key, long content, Stamp lastmod) {
            int i = (int) mix(key) & mask;
            while (lastmods[i] != null && keys[i] != key) {
                i = (i + 1) & mask;
            }
            keys[i] = key;
            contents[i] = content;
            lastmods[i] = lastmod;
        }

        /** The lastmod of the entry with this loc when its content is the same, else null. */
        Stamp lastmod(long key, long content) {
            int i = (int) mix(key) & mask;
            while (lastmods[i] != null) {
                if (keys[i] == key) {
                    return contents[i] == content ? lastmods[i] : null;
                }
                i = (i + 1) & mask;
            }
            return null;
        }
    }

    private static final long OFFSET = 0xcbf29ce484222325L;

    /** A 64-bit FNV-1a hash of {@code b[from, to)}. */
    static long hash(byte[] b, int from, int to) {
        return hash(OFFSET, b, from, to);
    }

    private static long hash(long h, byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            h ^= b[i] & 0xff;
            h *= 0x100000001b3L;
        }
        return h;
    }

    private static long mix(long h) {
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        return h;
    }

    private static boolean startsWith(byte[] b, int at, byte[] what) {
        if (at + what.length > b.length) {
            return false;
        }
        for (int k = 0; k < what.length; k++) {
            if (b[at + k] != what[k]) {
                return false;
            }
        }
        return true;
    }

    private static int indexOf(byte[] b, byte[] what, int from) {
        outer:
        for (int i = Math.max(0, from); i <= b.length - what.length; i++) {
            for (int k = 0; k < what.length; k++) {
                if (b[i + k] != what[k]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
