package org.sitemapkit.internal.store;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** A section's pages from one render, with when it happened and what was skipped. */
public final class RenderedSection {
    private final String section;
    private final long renderedAtMillis;
    private final List<CachedPage> pages;
    private final TreeMap<String, Long> skipped;
    private final String version;
    private final long[] boundaries;

    public RenderedSection(String section, long renderedAtMillis, List<CachedPage> pages, Map<String, Long> skipped) {
        this(section, renderedAtMillis, pages, skipped, null);
    }

    public RenderedSection(
            String section,
            long renderedAtMillis,
            List<CachedPage> pages,
            Map<String, Long> skipped,
            long[] boundaries) {
        if (boundaries != null && boundaries.length != pages.size()) {
            throw new IllegalArgumentException(boundaries.length + " boundaries for " + pages.size() + " pages");
        }
        this.boundaries = boundaries == null ? null : boundaries.clone();
        this.section = section;
        this.renderedAtMillis = renderedAtMillis;
        this.pages = List.copyOf(pages);
        this.skipped = new TreeMap<>(skipped);
        StringBuilder v = new StringBuilder().append(renderedAtMillis);
        this.pages.forEach(p -> v.append(' ').append(p.etag()));
        this.version = v.toString();
    }

    /**
     * Names this render among others of the section: equal for the same render however it was
     * read back from a store, so a root composed from it is not composed again.
     */
    public String version() {
        return version;
    }

    /** The smallest key of each page of a stable section, or null for other sections. */
    public long[] boundaries() {
        return boundaries == null ? null : boundaries.clone();
    }

    /**
     * The section's name, as its sources declare it.
     *
     * @return the section name
     */
    public String section() {
        return section;
    }

    public long renderedAtMillis() {
        return renderedAtMillis;
    }

    /**
     * The section's pages, as the index lists them.
     *
     * @return page n at index n - 1; empty when the section has no URL
     */
    public List<CachedPage> pages() {
        return pages;
    }

    /**
     * URLs over all pages, which the HTML view and the log line show.
     *
     * @return zero or more
     */
    public long urlCount() {
        return pages.stream().mapToLong(CachedPage::urlCount).sum();
    }

    /**
     * Skipped URLs by reason name, kept by name so stores need not know the reasons.
     *
     * @return an unmodifiable map of counts, by {@link org.sitemapkit.internal.render.SkipReason} name
     */
    public Map<String, Long> skipped() {
        return Collections.unmodifiableMap(skipped);
    }

    @Override
    public String toString() {
        return section + ": " + pages.size() + " pages, " + urlCount() + " URLs"
                + (skipped.isEmpty() ? "" : ", skipped " + skipped);
    }
}
