package org.sitemapkit.internal.changes;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.function.Consumer;
import java.util.zip.GZIPInputStream;
import org.sitemapkit.internal.render.Fingerprints;
import org.sitemapkit.internal.store.CachedPage;
import org.sitemapkit.internal.store.RenderedSection;

/**
 * Finds the URLs a render added, removed or gave a new lastmod, comparing only the pages whose
 * bytes changed: a k-way merge of their fingerprints, sorted by loc hash, marks the changed
 * records, and only the marked URLs are read back from the pages. Memory is one page's
 * fingerprints and a bit per URL of the changed pages, however large the section.
 */
final class UrlChanges {
    /** The outcome, for the log line and tests. */
    record Outcome(int pagesCompared, long urls, boolean fingerprintsMissing) {}

    private UrlChanges() {}

    /**
     * Passes the changed URLs of one section to {@code out}, in batches of at most {@code batch}.
     * Submits nothing when a changed page of the last render has no fingerprints here.
     */
    static Outcome between(
            RenderedSection before,
            RenderedSection after,
            FingerprintFiles files,
            String key,
            int batch,
            Consumer<List<String>> out)
            throws IOException {
        Set<String> beforeTags = etags(before.pages());
        Set<String> afterTags = etags(after.pages());
        List<CachedPage> gone = changed(before.pages(), afterTags);
        List<CachedPage> fresh = changed(after.pages(), beforeTags);
        if (gone.isEmpty() && fresh.isEmpty()) {
            return new Outcome(0, 0, false);
        }
        List<Side> sides = new ArrayList<>();
        for (CachedPage p : gone) {
            Fingerprints f = files.read(key, p.etag());
            if (f == null) {
                return new Outcome(gone.size() + fresh.size(), 0, true);
            }
            sides.add(new Side(p, f, true));
        }
        for (CachedPage p : fresh) {
            Fingerprints f = files.read(key, p.etag());
            if (f == null) {
                throw new IOException("the fingerprints of page " + p.etag() + " of this render are missing");
            }
            sides.add(new Side(p, f, false));
        }
        mark(sides);
        List<String> pending = new ArrayList<>();
        long total = 0;
        for (Side s : sides) {
            if (s.marked.isEmpty()) {
                continue;
            }
            total += readBack(s, loc -> {
                pending.add(loc);
                if (pending.size() == batch) {
                    out.accept(List.copyOf(pending));
                    pending.clear();
                }
            });
            s.fingerprints = null; // one page's records at a time
        }
        if (!pending.isEmpty()) {
            out.accept(List.copyOf(pending));
        }
        return new Outcome(sides.size(), total, false);
    }

    private static Set<String> etags(List<CachedPage> pages) {
        Set<String> s = new HashSet<>();
        pages.forEach(p -> s.add(p.etag()));
        return s;
    }

    /** The pages whose bytes are not among {@code others}, each once. */
    private static List<CachedPage> changed(List<CachedPage> pages, Set<String> others) {
        Map<String, CachedPage> m = new LinkedHashMap<>();
        for (CachedPage p : pages) {
            if (!others.contains(p.etag())) {
                m.putIfAbsent(p.etag(), p);
            }
        }
        return new ArrayList<>(m.values());
    }

    /** One changed page of either render, with a cursor over its sorted records. */
    private static final class Side {
        final CachedPage page;
        final boolean before;
        final BitSet marked = new BitSet();
        Fingerprints fingerprints;
        int at;

        Side(CachedPage page, Fingerprints fingerprints, boolean before) {
            this.page = page;
            this.fingerprints = fingerprints;
            this.before = before;
        }

        long loc() {
            return fingerprints.loc(at);
        }
    }

    /**
     * Merges all sides by loc hash. A loc only in the new pages was added, only in the old ones
     * removed; in both, it changed when its lastmod did. A URL that only moved to another page
     * is not marked.
     */
    private static void mark(List<Side> sides) {
        PriorityQueue<Side> queue = new PriorityQueue<>((a, b) -> Long.compare(a.loc(), b.loc()));
        for (Side s : sides) {
            if (s.fingerprints.size() > 0) {
                queue.add(s);
            }
        }
        List<Side> group = new ArrayList<>();
        List<Integer> at = new ArrayList<>();
        while (!queue.isEmpty()) {
            long loc = queue.peek().loc();
            group.clear();
            at.clear();
            while (!queue.isEmpty() && queue.peek().loc() == loc) {
                Side s = queue.poll();
                group.add(s);
                at.add(s.at);
                if (++s.at < s.fingerprints.size()) {
                    queue.add(s);
                }
            }
            Integer oldLastmod = null;
            Integer newLastmod = null;
            for (int i = 0; i < group.size(); i++) {
                Side s = group.get(i);
                int lastmod = s.fingerprints.lastmod(at.get(i));
                if (s.before) {
                    oldLastmod = lastmod;
                } else {
                    newLastmod = lastmod;
                }
            }
            boolean same = oldLastmod != null && oldLastmod.equals(newLastmod);
            if (same) {
                continue;
            }
            for (int i = 0; i < group.size(); i++) {
                Side s = group.get(i);
                if (s.before == (newLastmod == null)) { // removed: the old record; else the new one
                    s.marked.set(at.get(i));
                }
            }
        }
    }

    /** Reads the page and passes on the locs of its marked records; returns how many. */
    private static long readBack(Side s, Consumer<String> out) throws IOException {
        byte[] xml;
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(s.page.gzip()))) {
            xml = in.readAllBytes();
        }
        long n = 0;
        int i = 0;
        while ((i = indexOf(xml, URL_LOC, i)) >= 0) {
            int from = i + URL_LOC.length;
            int to = indexOf(xml, LOC_END, from);
            if (to < 0) {
                throw new IOException("page " + s.page.etag() + " has a <loc> without its end");
            }
            int index = s.fingerprints.indexOf(Fingerprints.locHash(xml, from, to - from));
            if (index >= 0 && s.marked.get(index)) {
                out.accept(unescape(new String(xml, from, to - from, StandardCharsets.UTF_8)));
                n++;
            }
            i = to;
        }
        return n;
    }

    private static final byte[] URL_LOC = "<url><loc>".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] LOC_END = "</loc>".getBytes(StandardCharsets.US_ASCII);

    private static int indexOf(byte[] b, byte[] what, int from) {
        outer:
        for (int i = from; i <= b.length - what.length; i++) {
            for (int j = 0; j < what.length; j++) {
                if (b[i + j] != what[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    /** The loc as it was given: the page escapes only XML's five characters. */
    static String unescape(String s) {
        if (s.indexOf('&') < 0) {
            return s;
        }
        return s.replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&quot;", "\"")
                .replace("&apos;", "'")
                .replace("&amp;", "&");
    }
}
