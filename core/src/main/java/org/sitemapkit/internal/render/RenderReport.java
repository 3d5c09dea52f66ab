package org.sitemapkit.internal.render;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** What one render produced: its pages in order, and every URL it left out, by reason. */
public final class RenderReport {
    private final List<PageSummary> pages;
    private final long urlCount;
    private final Map<SkipReason, Long> skipped;

    RenderReport(List<PageSummary> pages, long urlCount, EnumMap<SkipReason, Long> skipped) {
        this.pages = List.copyOf(pages);
        this.urlCount = urlCount;
        this.skipped = Collections.unmodifiableMap(new EnumMap<>(skipped));
    }

    /**
     * The pages written, in the order of their numbers.
     *
     * @return the pages, possibly none when every URL was skipped
     */
    public List<PageSummary> pages() {
        return pages;
    }

    /**
     * URLs written, over all pages.
     *
     * @return zero or more
     */
    public long urlCount() {
        return urlCount;
    }

    /**
     * Skipped URLs by reason; reasons that did not occur are absent.
     *
     * @return an unmodifiable map of counts
     */
    public Map<SkipReason, Long> skipped() {
        return skipped;
    }

    /**
     * URLs left out for any reason, for a log line or a test.
     *
     * @return the sum of {@link #skipped()}
     */
    public long skippedCount() {
        return skipped.values().stream().mapToLong(Long::longValue).sum();
    }

    @Override
    public String toString() {
        return pages.size() + " pages, " + urlCount + " URLs, " + skippedCount() + " skipped"
                + (skipped.isEmpty() ? "" : " " + skipped);
    }
}
