package org.sitemapkit.source;

import java.util.Objects;
import java.util.stream.Stream;
import org.sitemapkit.model.Changefreq;
import org.sitemapkit.model.SectionDefaults;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;

/**
 * A source whose rows come in ascending key order and can be read by key range, so its section
 * gets stable pages: page boundaries are kept from one render to the next, one changed row
 * changes one page, and {@code invalidate(section, key)} reads only the rows of the page that
 * holds the key. Made by {@link UrlSource#stable}.
 *
 * @param <R> a row, such as a record read from a result set
 */
public final class KeyedSource<R> implements UrlSource {
    private final String section;
    private final UrlSource.KeyedRows<R> rows;
    private final UrlSource.RowKey<R> key;
    private final UrlSource.RowMapping<R> mapping;

    private final SectionDefaults defaults;

    KeyedSource(String section, UrlSource.KeyedRows<R> rows, UrlSource.RowKey<R> key, UrlSource.RowMapping<R> mapping) {
        this(section, rows, key, mapping, SectionDefaults.NONE);
    }

    private KeyedSource(
            String section,
            UrlSource.KeyedRows<R> rows,
            UrlSource.RowKey<R> key,
            UrlSource.RowMapping<R> mapping,
            SectionDefaults defaults) {
        this.section = UrlSource.checkSection(section);
        this.rows = Objects.requireNonNull(rows, "rows");
        this.key = Objects.requireNonNull(key, "key");
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
    public KeyedSource<R> changefreq(Changefreq value) {
        return new KeyedSource<>(
                section, rows, key, mapping, defaults.withChangefreq(Objects.requireNonNull(value, "value")));
    }

    /**
     * This source with a default priority for the URLs of its section that set none.
     *
     * @param value 0.0 to 1.0
     * @return a new source
     * @throws IllegalArgumentException outside 0.0 to 1.0
     */
    public KeyedSource<R> priority(double value) {
        return new KeyedSource<>(section, rows, key, mapping, defaults.withPriority(value));
    }

    /**
     * This source with smaller pages for its section than the global {@code max-urls}.
     *
     * @param value URLs per page, 1 to the global {@code max-urls} (checked when the filter starts)
     * @return a new source
     * @throws IllegalArgumentException outside 1 to 50,000
     */
    public KeyedSource<R> maxUrls(int value) {
        return new KeyedSource<>(section, rows, key, mapping, defaults.withMaxUrls(value));
    }

    /**
     * Opens the rows whose keys lie in {@code from..to} (both inclusive), in ascending key order;
     * the caller closes the stream.
     *
     * @param site the site being rendered
     * @param from the smallest key wanted; {@code Long.MIN_VALUE} for no bound
     * @param to the largest key wanted; {@code Long.MAX_VALUE} for no bound
     * @return the rows, which the caller closes
     * @throws Exception when the rows cannot be read
     */
    public Stream<R> openRows(Site site, long from, long to) throws Exception {
        return rows.open(site, from, to);
    }

    /**
     * The key of one row.
     *
     * @param row a row of this source
     * @return its key, unique and ascending in the order rows come
     */
    public long key(R row) {
        return key.key(row);
    }

    /**
     * The URL of one row.
     *
     * @param row a row of this source
     * @param site the site being rendered
     * @return the row's URL
     * @throws IllegalArgumentException or NullPointerException when a builder refuses a value
     */
    public SitemapUrl map(R row, Site site) {
        return RowSource.map(mapping, row, site, section);
    }

    /** Every row mapped, in key order; here a refused row fails the stream. */
    @Override
    public Stream<SitemapUrl> urls(Site site) throws Exception {
        return openRows(site, Long.MIN_VALUE, Long.MAX_VALUE).map(row -> map(row, site));
    }

    @Override
    public String toString() {
        return "UrlSource.stable(" + section + ")";
    }
}
