package org.sitemapkit.internal.render;

import java.util.Objects;
import java.util.Optional;
import org.sitemapkit.model.Lastmod;

/** What a written page holds: enough to list it in the sitemap index without reading it. */
public final class PageSummary {
    private final String section;
    private final int number;
    private final int urlCount;
    private final long byteCount;
    private final Lastmod lastmod;
    private final Fingerprints fingerprints;

    PageSummary(String section, int number, int urlCount, long byteCount, Lastmod lastmod) {
        this(section, number, urlCount, byteCount, lastmod, null);
    }

    PageSummary(String section, int number, int urlCount, long byteCount, Lastmod lastmod, Fingerprints fingerprints) {
        this.fingerprints = fingerprints;
        this.section = section;
        this.number = number;
        this.urlCount = urlCount;
        this.byteCount = byteCount;
        this.lastmod = lastmod;
    }

    /**
     * The section the page belongs to, the first part of its file name.
     *
     * @return the section name
     */
    public String section() {
        return section;
    }

    /**
     * The page's place in its section.
     *
     * @return from 1: the n of {@code sitemap-{section}-{n}.xml}
     */
    public int number() {
        return number;
    }

    /** {@code sitemap-{section}-{n}.xml}, relative to the site's directory. */
    String fileName() {
        return "sitemap-" + section + "-" + number + ".xml";
    }

    /**
     * URLs written to the page, which the protocol limits to 50,000.
     *
     * @return 1 to the page's {@code max-urls}
     */
    public int urlCount() {
        return urlCount;
    }

    /**
     * The uncompressed size, which the protocol's byte limit applies to.
     *
     * @return bytes of the whole document
     */
    public long byteCount() {
        return byteCount;
    }

    /**
     * The newest lastmod in the page, which the index gives as the page's lastmod.
     *
     * @return the newest lastmod, or empty when any URL of the page has none
     */
    public Optional<Lastmod> lastmod() {
        return Optional.ofNullable(lastmod);
    }

    /**
     * What the page lists, when the writer was asked to collect it ({@link UrlsetWriter#fingerprints}).
     *
     * @return the page's fingerprints, or empty
     */
    public Optional<Fingerprints> fingerprints() {
        return Optional.ofNullable(fingerprints);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof PageSummary)) {
            return false;
        }
        PageSummary p = (PageSummary) o;
        return p.section.equals(section)
                && p.number == number
                && p.urlCount == urlCount
                && p.byteCount == byteCount
                && Objects.equals(p.lastmod, lastmod);
    }

    @Override
    public int hashCode() {
        return Objects.hash(section, number, urlCount, byteCount, lastmod);
    }

    @Override
    public String toString() {
        return fileName() + " (" + urlCount + " URLs, " + byteCount + " bytes"
                + (lastmod == null ? "" : ", lastmod " + lastmod) + ")";
    }
}
