package org.sitemapkit.internal.render;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sitemapkit.internal.check.W3cDatetime;
import org.sitemapkit.model.Alternate;
import org.sitemapkit.model.Lastmod;

/**
 * Checks a section's lastmods while they are written, in constant memory, for the signs that make
 * search engines ignore them (Google uses lastmod only when it is "consistently and verifiably
 * accurate"): one value for nearly every URL (the deploy time, not the content's), values in the
 * future, values newer than the render itself, and a section whose every lastmod is its render time;
 * and hreflang links their target does not answer, which search engines ignore.
 */
public final class SectionAudit {
    /** Sections smaller than this may share a lastmod honestly (a few pages edited together). */
    static final long LARGE = 100;

    private static final int TOP = 32;
    private static final W3cDatetime.Access<Lastmod> LASTMODS = W3cDatetime.Access.get(Lastmod.class);
    /** Clock skew between the database and this node, forgiven before a lastmod counts as future. */
    private static final long SLACK_SECONDS = 60;

    private final long startSecond;
    private long withLastmod;
    private long future;
    private String futureExample;
    private long newer;
    private String newerExample;
    private long minSecond = Long.MAX_VALUE;
    private long maxSecond = Long.MIN_VALUE;

    // the most frequent lastmods (space-saving: a value seen in more than 1/TOP of the URLs is here,
    // its count too high by at most its error)
    private final long[] values = new long[TOP];
    private final long[] counts = new long[TOP];
    private final long[] errors = new long[TOP];
    /** The lastmods themselves, whose text is made only for a finding. */
    private final Lastmod[] lastmods = new Lastmod[TOP];

    private int size;
    private int last;
    /** Where each value's slot is, plus one (0: free), by linear probing: a quarter full at most. */
    private static final int INDEX_BITS = 7;

    private static final int INDEX_MASK = (1 << INDEX_BITS) - 1;
    private final int[] index = new int[1 << INDEX_BITS];
    /** No count is below this; {@link #slotAtMinimum} searches on from {@code cursor}. */
    private long minimum;

    private int cursor;

    /**
     * hreflang links whose target has not been written yet, by the target: when it is, the links
     * it does not answer are one-sided. A link whose target never comes is to another site or
     * section, not counted. Capped, so memory does not grow with the section.
     */
    private final Map<String, List<String>> waiting = new HashMap<>();
    /** The locs with alternates written last, to tell a link to one that did not link back. */
    private final Map<String, Boolean> recent = new LinkedHashMap<>(1024, 0.75f, false) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
            return size() > MAX_PENDING;
        }
    };

    static final int MAX_PENDING = 20_000;
    private int waitingLinks;
    /** Where {@link #same} encodes a URL. */
    private final ByteBuf scratch = new ByteBuf(256);

    private boolean hreflangGaveUp;
    private long hreflangLinks;
    private long oneSided;
    private String oneSidedExample;

    SectionAudit(long startMillis) {
        this.startSecond = Math.floorDiv(startMillis, 1000);
    }

    /**
     * A URL was written with these hreflang alternates: each link to another URL of the section
     * must be answered by that URL's link back (x-default included).
     */
    void alternates(String loc, List<Alternate> alternates) {
        if (hreflangGaveUp || (alternates.isEmpty() && waiting.isEmpty())) {
            return; // most URLs of most sections: nothing links to them, and they link nowhere
        }
        String me = same(loc);
        Set<String> targets = new LinkedHashSet<>();
        for (Alternate a : alternates) {
            String t = same(a.href());
            if (!t.equals(me)) {
                targets.add(t);
            }
        }
        hreflangLinks += targets.size();
        // links to this URL, written before it: answered if it links back
        List<String> sources = waiting.remove(me);
        if (sources != null) {
            waitingLinks -= sources.size();
            for (String source : sources) {
                if (!targets.contains(source)) {
                    oneSided(source, me);
                }
            }
        }
        for (String target : targets) {
            if (sources != null && sources.contains(target)) {
                continue; // both ways
            }
            if (recent.containsKey(target)) {
                oneSided(me, target); // written before, without a link to this URL
                continue;
            }
            waiting.computeIfAbsent(target, k -> new ArrayList<>(2)).add(me);
            if (++waitingLinks > MAX_PENDING) {
                hreflangGaveUp = true;
                waiting.clear();
                recent.clear();
                return;
            }
        }
        if (!alternates.isEmpty()) {
            recent.put(me, Boolean.TRUE);
        }
    }

    private void oneSided(String from, String to) {
        if (oneSided++ == 0) {
            oneSidedExample = from + " links to " + to + ", which does not link back";
        }
    }

    /**
     * A URL as the sitemap writes it, whatever its spelling (raw or percent-encoded, the host's
     * case, a default port): what {@link UrlEncoder} makes of it, or the URL itself when it refuses it.
     */
    private String same(String url) {
        scratch.clear();
        return UrlEncoder.writeLink(scratch, url) == null
                ? new String(scratch.array(), 0, scratch.size(), StandardCharsets.US_ASCII)
                : url;
    }

    /** A URL was written with {@code lastmod} (null: none). */
    void add(Lastmod lastmod, String loc) {
        if (lastmod == null) {
            return;
        }
        withLastmod++;
        long second = LASTMODS.epochSecond(lastmod);
        minSecond = Math.min(minSecond, second);
        maxSecond = Math.max(maxSecond, second);
        if (second > startSecond) { // rare in honest data: only then is the clock read
            boolean dateOnly = LASTMODS.offset(lastmod) == W3cDatetime.DATE_ONLY;
            long now = Math.floorDiv(System.currentTimeMillis(), 1000);
            // a date without a time is the whole day: in the future only from the next day on
            if (second > now + (dateOnly ? 86_400 : SLACK_SECONDS)) {
                if (future++ == 0) {
                    futureExample = loc + " " + lastmod;
                }
            } else if (!dateOnly) {
                if (newer++ == 0) {
                    newerExample = loc + " " + lastmod;
                }
            }
        }
        count(second, lastmod);
    }

    private void count(long second, Lastmod lastmod) {
        if (size > 0 && values[last] == second) {
            counts[last]++; // rows in key order often share a timestamp
            return;
        }
        int found = find(second);
        if (found >= 0) {
            counts[found]++;
            last = found;
            return;
        }
        int at;
        if (size < TOP) {
            at = size++;
        } else {
            at = slotAtMinimum();
            remove(values[at]);
        }
        errors[at] = counts[at]; // 0 for a free slot; else the count of the value it replaces
        counts[at]++;
        values[at] = second;
        lastmods[at] = lastmod;
        insert(second, at);
        last = at;
    }

    /**
     * A slot with the smallest count. Counts only grow, so the smallest does too: the search goes
     * on from where it stopped, and only when no slot is left at the smallest count is it found
     * anew. With distinct lastmods, every row replaces one, at a constant cost instead of TOP.
     */
    private int slotAtMinimum() {
        for (int pass = 0; pass < 2; pass++) {
            for (int k = 0; k < TOP; k++) {
                int i = cursor;
                cursor = (cursor + 1) % TOP;
                if (counts[i] == minimum) {
                    return i;
                }
            }
            minimum = Long.MAX_VALUE;
            for (int i = 0; i < TOP; i++) {
                minimum = Math.min(minimum, counts[i]);
            }
        }
        throw new IllegalStateException("no slot at the smallest count " + minimum);
    }

    private static int home(long value) {
        return ((int) (value ^ (value >>> 32)) * 0x9E3779B9) >>> (32 - INDEX_BITS);
    }

    /** The slot holding {@code value}, or -1. */
    private int find(long value) {
        for (int h = home(value); ; h = (h + 1) & INDEX_MASK) {
            int slot = index[h];
            if (slot == 0) {
                return -1;
            }
            if (values[slot - 1] == value) {
                return slot - 1;
            }
        }
    }

    private void insert(long value, int slot) {
        int h = home(value);
        while (index[h] != 0) {
            h = (h + 1) & INDEX_MASK;
        }
        index[h] = slot + 1;
    }

    /** Takes {@code value} out of the index, moving back the entries probed past it (linear probing). */
    private void remove(long value) {
        int p = home(value);
        while (values[index[p] - 1] != value) {
            p = (p + 1) & INDEX_MASK;
        }
        index[p] = 0;
        for (int q = (p + 1) & INDEX_MASK; index[q] != 0; q = (q + 1) & INDEX_MASK) {
            int h = home(values[index[q] - 1]);
            if (((q - h) & INDEX_MASK) >= ((q - p) & INDEX_MASK)) {
                index[p] = index[q];
                index[q] = 0;
                p = q;
            }
        }
    }

    /** What the render showed, once it ended at {@code endMillis} with {@code urls} URLs written. */
    Findings findings(long urls, long endMillis) {
        return findings(urls, endMillis, 0, 0);
    }

    /** As above, with the news articles of the last two days and the older ones. */
    Findings findings(long urls, long endMillis, long newsRecent, long newsExpired) {
        String shared = null;
        long sharedCount = 0;
        if (withLastmod >= LARGE) {
            for (int i = 0; i < size; i++) {
                long sure = counts[i] - errors[i];
                if (sure * 10 > withLastmod * 9 && sure > sharedCount) {
                    shared = lastmods[i].toString();
                    sharedCount = sure;
                }
            }
        }
        long endSecond = Math.floorDiv(endMillis, 1000);
        boolean allAtRender =
                withLastmod > 0 && withLastmod == urls && minSecond >= startSecond - 1 && maxSecond <= endSecond + 1;
        long oneSided = hreflangGaveUp ? -1 : this.oneSided;
        return new Findings(
                urls,
                withLastmod,
                shared,
                sharedCount,
                future,
                futureExample,
                newer,
                newerExample,
                allAtRender,
                newsRecent,
                newsExpired,
                hreflangLinks,
                oneSided,
                oneSidedExample);
    }

    /**
     * What a section's lastmods showed in one render.
     *
     * @param urls URLs written
     * @param withLastmod of them, those with a lastmod
     * @param shared the lastmod more than 90% of a large section's URLs share, or null
     * @param sharedCount how many URLs have it, at least
     * @param future lastmods later than the moment they were written (a date: after its day), past a
     *     minute of clock skew
     * @param futureExample the first such URL and its lastmod, or null
     * @param newer lastmods after the render started, not in the future (the time of the query?)
     * @param newerExample the first such URL and its lastmod, or null
     * @param allAtRender every URL has a lastmod, and all of them fall within the render
     * @param newsRecent news articles published in the two days before the render, written with
     *     their news block
     * @param newsExpired older news articles, written as plain URLs or skipped ({@code news-expired})
     * @param hreflangLinks hreflang links to another URL of the section
     * @param oneSidedLinks of them, those the target does not answer with a link back; -1 when the
     *     section had too many unanswered links to follow
     * @param oneSidedExample the first such link, or null
     */
    public record Findings(
            long urls,
            long withLastmod,
            String shared,
            long sharedCount,
            long future,
            String futureExample,
            long newer,
            String newerExample,
            boolean allAtRender,
            long newsRecent,
            long newsExpired,
            long hreflangLinks,
            long oneSidedLinks,
            String oneSidedExample) {
        /** Whether nothing was found: an older news article is the rule, not a finding, unless none is recent. */
        public boolean clean() {
            return shared == null
                    && future == 0
                    && newer == 0
                    && !allAtRender
                    && !newsWindowEmpty()
                    && oneSidedLinks == 0;
        }

        /** A section with news articles, none of them published in the last two days: Google News finds nothing new. */
        public boolean newsWindowEmpty() {
            return newsExpired > 0 && newsRecent == 0;
        }

        /** The findings, for one log line: empty when clean. */
        public String describe() {
            StringBuilder b = new StringBuilder();
            if (shared != null) {
                b.append(sharedCount)
                        .append(" of ")
                        .append(withLastmod)
                        .append(" URLs share the lastmod ")
                        .append(shared)
                        .append(" (a deploy time, not their content's?); ");
            }
            if (future > 0) {
                b.append(future)
                        .append(" lastmods in the future, such as ")
                        .append(futureExample)
                        .append("; ");
            }
            if (newer > 0) {
                b.append(newer)
                        .append(" lastmods newer than the render, such as ")
                        .append(newerExample)
                        .append("; ");
            }
            if (allAtRender) {
                b.append("every lastmod is the time of the render (the time of the query, not of the content?); ");
            }
            if (oneSidedLinks > 0) {
                b.append(oneSidedLinks)
                        .append(" of ")
                        .append(hreflangLinks)
                        .append(" hreflang links are one-sided, which search engines ignore, such as: ")
                        .append(oneSidedExample)
                        .append("; ");
            } else if (oneSidedLinks < 0) {
                b.append("more than ")
                        .append(MAX_PENDING)
                        .append(" hreflang links were unanswered at once, so their reciprocity was not checked; ");
            }
            if (newsWindowEmpty()) {
                b.append("none of its ")
                        .append(newsExpired)
                        .append(" news articles was published in the last two days, the only ones Google News reads; ");
            }
            return b.length() == 0 ? "" : b.substring(0, b.length() - 2);
        }
    }
}
