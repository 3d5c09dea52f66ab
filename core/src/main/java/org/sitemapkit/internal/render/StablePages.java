package org.sitemapkit.internal.render;

import java.io.IOException;
import java.util.Arrays;

/**
 * The pages of one render of a stable section and the smallest key each may hold. Kept with the
 * section, the boundaries make the next render cut its pages in the same places.
 */
public final class StablePages {
    private final UrlsetWriter writer;
    private final long[] boundaries;

    private final long rowsRead;

    private StablePages(UrlsetWriter writer, long[] boundaries, long rowsRead) {
        this.writer = writer;
        this.boundaries = boundaries;
        this.rowsRead = rowsRead;
    }

    /**
     * Rows the source gave, written or skipped.
     *
     * @return the count
     */
    public long rowsRead() {
        return rowsRead;
    }

    /**
     * What was written.
     *
     * @return the finished writer: its pages, URL count and skips
     */
    public UrlsetWriter writer() {
        return writer;
    }

    /**
     * The smallest key of each page: page n holds the keys from {@code boundaries[n - 1]} up to the
     * next boundary.
     *
     * @return a copy, as long as the page list
     */
    public long[] boundaries() {
        return boundaries.clone();
    }

    /**
     * The page size of a stable section whose source sets none ({@code .maxUrls(n)}): a changed row
     * re-renders its page, so the page's size is the latency of a change. Pages of 12,500 URLs (cut
     * at 10,000 when fresh) keep that under 100 ms at 1,000,000 URLs where pages of 50,000 took 250
     * to 300 ms (FreshnessBench); the index lists four times as many pages, still far from its limit.
     */
    public static final int DEFAULT_MAX_URLS = 12_500;

    /** Fresh pages are cut at this share of the limits, leaving room for rows inserted later. */
    static final int FILL_PERCENT = 80;

    /** A page that ends with fewer URLs than this share of a fresh page is merged into the next. */
    static final int MERGE_PERCENT = 25;

    private static long softBytes(PageOptions options) {
        return (long) options.maxBytes() * FILL_PERCENT / 100;
    }

    private static int softUrls(PageOptions options) {
        return Math.max(1, (int) ((long) options.maxUrls() * FILL_PERCENT / 100));
    }

    /**
     * Pages with fewer URLs than this are merged into the next one.
     *
     * @param options the page limits
     * @return the smallest URL count a page keeps its own boundary with
     */
    public static int mergeBelow(PageOptions options) {
        return Math.max(1, softUrls(options) * MERGE_PERCENT / 100);
    }

    /**
     * Whether the last page of a section has room left before a whole render would cut it.
     *
     * @param options the page limits
     * @param urls URLs in the page
     * @param bytes its uncompressed size
     * @return true when a whole render would leave it as it is
     */
    public static boolean fitsAsLast(PageOptions options, int urls, long bytes) {
        return urls <= softUrls(options) && bytes <= softBytes(options);
    }

    /**
     * Cuts the pages of a stable render: at each boundary of the last render, unless the page
     * before it is small; where the writer's limits force it; and past the last boundary, at
     * {@link #FILL_PERCENT} of the limits.
     */
    static final class Cutter {
        private final UrlsetWriter writer;
        private final long[] old;
        private final boolean freshTail;
        private final int softUrls;
        private final long softBytes;
        private final int mergeBelow;
        private long[] made = new long[16];
        private int pages;
        private int next = 1;
        private boolean pending = true;
        private long pendingStart;
        private boolean started;
        private long previousKey;
        private long urlsBefore;
        private long rows;

        Cutter(UrlsetWriter writer, PageOptions options, long[] boundaries, boolean freshTail) {
            this.writer = writer;
            this.old = boundaries.length == 0 ? new long[] {Long.MIN_VALUE} : boundaries;
            this.pendingStart = old[0];
            this.freshTail = freshTail;
            this.softUrls = softUrls(options);
            this.softBytes = softBytes(options);
            this.mergeBelow = mergeBelow(options);
        }

        void before(long key) throws IOException {
            if (started && key <= previousKey) {
                throw new IllegalStateException("a stable source must yield rows in ascending key order with unique"
                        + " keys, but key " + key + " came after " + previousKey + " (is ORDER BY missing?)");
            }
            started = true;
            previousKey = key;
            rows++;
            while (next < old.length && key >= old[next]) {
                if (writer.pageUrls() >= mergeBelow) {
                    writer.breakPage();
                    pending = true;
                    pendingStart = old[next];
                } // else the small page goes on into the next one's keys: merged
                next++;
            }
            if (freshTail
                    && next >= old.length
                    && writer.pageUrls() > 0
                    && (writer.pageUrls() >= softUrls || writer.pageBytes() >= softBytes)) {
                writer.breakPage();
                pending = true;
                pendingStart = key;
            }
            urlsBefore = writer.urlCount();
        }

        void after(long key) {
            if (writer.urlCount() == urlsBefore || writer.pageUrls() != 1) {
                return; // skipped, or not the first URL of a page
            }
            if (pages == made.length) {
                made = Arrays.copyOf(made, pages * 2);
            }
            made[pages++] = pending ? pendingStart : key; // else the writer's limits split a page here
            pending = false;
        }

        StablePages result() {
            if (pages != writer.pages().size()) {
                throw new IllegalStateException("stable pages: " + pages + " boundaries for "
                        + writer.pages().size() + " pages");
            }
            return new StablePages(writer, Arrays.copyOf(made, pages), rows);
        }
    }
}
