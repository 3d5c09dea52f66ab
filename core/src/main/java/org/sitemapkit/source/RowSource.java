package org.sitemapkit.source;

import java.util.Objects;
import java.util.stream.Stream;
import org.sitemapkit.model.Changefreq;
import org.sitemapkit.model.SectionDefaults;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;

/**
 * A source of rows and the mapping from a row to its URL, applied by the renderer one row at a
 * time: a row whose values a builder refuses (a relative loc, a priority of 1.5 from a column)
 * is skipped and counted with its reason, and never fails the section. Made by
 * {@link UrlSource#rows}, {@link UrlSource#query}, {@link UrlSource#paths} and {@link UrlSource#of};
 * immutable, so {@link #changefreq}, {@link #priority} and {@link #maxUrls} return a new source.
 *
 * @param <R> a row, such as a record read from a result set
 */
public final class RowSource<R> implements UrlSource {
    private final String section;
    private final UrlSource.Rows<R> rows;
    private final UrlSource.RowMapping<R> mapping;
    private final SectionDefaults defaults;

    RowSource(String section, UrlSource.Rows<R> rows, UrlSource.RowMapping<R> mapping) {
        this(section, rows, mapping, SectionDefaults.NONE);
    }

    private RowSource(
            String section, UrlSource.Rows<R> rows, UrlSource.RowMapping<R> mapping, SectionDefaults defaults) {
        this.section = UrlSource.checkSection(section);
        this.rows = Objects.requireNonNull(rows, "rows");
        this.mapping = Objects.requireNonNull(mapping, "mapping");
        this.defaults = defaults;
    }

    @Override
    public String section() {
        return section;
    }

    @Override
    public SectionDefaults defaults() {
        return defaults;
    }

    /**
     * This source with a default change frequency for the URLs of its section that set none.
     *
     * @param value the frequency
     * @return a new source
     */
    public RowSource<R> changefreq(Changefreq value) {
        return new RowSource<>(section, rows, mapping, defaults.withChangefreq(Objects.requireNonNull(value, "value")));
    }

    /**
     * This source with a default priority for the URLs of its section that set none.
     *
     * @param value 0.0 to 1.0
     * @return a new source
     * @throws IllegalArgumentException outside 0.0 to 1.0
     */
    public RowSource<R> priority(double value) {
        return new RowSource<>(section, rows, mapping, defaults.withPriority(value));
    }

    /**
     * This source with smaller pages for its section than the global {@code max-urls}.
     *
     * @param value URLs per page, 1 to the global {@code max-urls} (checked when the filter starts)
     * @return a new source
     * @throws IllegalArgumentException outside 1 to 50,000
     */
    public RowSource<R> maxUrls(int value) {
        return new RowSource<>(section, rows, mapping, defaults.withMaxUrls(value));
    }

    /**
     * Opens a fresh stream of rows for one render; the caller closes it.
     *
     * @param site the site being rendered
     * @return the rows, read lazily
     * @throws Exception when they cannot be opened
     */
    public Stream<R> openRows(Site site) throws Exception {
        return rows.open(site);
    }

    /**
     * The URL of one row.
     *
     * @param row the row
     * @param site the site being rendered
     * @return the row's URL
     * @throws IllegalArgumentException or NullPointerException when a builder refuses a value
     * @throws IllegalStateException wrapping a checked exception of the mapping, such as a {@code SQLException}
     */
    public SitemapUrl map(R row, Site site) {
        return map(mapping, row, site, section);
    }

    /** Applies a mapping, a checked exception (a column that cannot be read) wrapped to name the section. */
    static <R> SitemapUrl map(UrlSource.RowMapping<R> mapping, R row, Site site, String section) {
        try {
            return mapping.map(row, site);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("mapping a row of section " + section + " failed: " + e, e);
        }
    }

    /**
     * Every row mapped, for callers that want plain URLs: here a refused row fails the stream, as
     * in any other source. The renderer does not use this; it skips refused rows.
     */
    @Override
    public Stream<SitemapUrl> urls(Site site) throws Exception {
        return openRows(site).map(row -> map(row, site));
    }

    @Override
    public String toString() {
        return "UrlSource(" + section + ")";
    }
}
