package org.sitemapkit.source;

import java.util.Objects;
import java.util.stream.Stream;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;

/**
 * A source of rows and the mapping from a row to its URL, applied by the renderer one row at a
 * time: a row whose values a builder refuses (a relative loc, a priority of 1.5 from a column)
 * is skipped and counted with its reason, and never fails the section. Made by
 * {@link UrlSource#rows}.
 *
 * @param <R> a row, such as a record read from a result set
 */
public final class RowSource<R> implements UrlSource {
    private final String section;
    private final UrlSource.Rows<R> rows;
    private final UrlSource.RowMapping<R> mapping;

    RowSource(String section, UrlSource.Rows<R> rows, UrlSource.RowMapping<R> mapping) {
        this.section = UrlSource.checkSection(section);
        this.rows = Objects.requireNonNull(rows, "rows");
        this.mapping = Objects.requireNonNull(mapping, "mapping");
    }

    @Override
    public String section() {
        return section;
    }

    /** Opens a fresh stream of rows for one render; the caller closes it. */
    public Stream<R> openRows(Site site) throws Exception {
        return rows.open(site);
    }

    /**
     * The URL of one row.
     *
     * @throws IllegalArgumentException or NullPointerException when a builder refuses a value
     */
    public SitemapUrl map(R row, Site site) {
        return mapping.map(row, site);
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
        return "UrlSource.rows(" + section + ")";
    }
}
