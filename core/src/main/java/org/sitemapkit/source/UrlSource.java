package org.sitemapkit.source;

import java.sql.ResultSet;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import javax.sql.DataSource;
import org.sitemapkit.model.SectionDefaults;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;

/**
 * Streams the URLs of one section of the sitemap. Sources never hand over a list: the renderer
 * pulls one URL at a time and closes the stream when it is done or fails, so a JDBC cursor
 * behind it is released and memory does not grow with the number of rows.
 *
 * <p>Found with {@link java.util.ServiceLoader} (list the class in
 * {@code META-INF/services/org.sitemapkit.source.UrlSource}; it needs a public no-arg
 * constructor) or registered in code with {@link UrlSources#register}.
 */
public interface UrlSource {
    /**
     * The section these URLs are paged into, e.g. {@code products}: {@code [a-z0-9-]+}.
     *
     * @return the section's name, which becomes part of its pages' names
     */
    String section();

    /**
     * Opens a fresh stream of URLs for {@code site}; called once per render. Build locs with
     * {@link Site#url(String)} so they are absolute and inside the site. The caller closes the
     * stream.
     *
     * @param site the site being rendered
     * @return the section's URLs, read one at a time
     * @throws Exception any failure, which fails the render and keeps the last good pages served
     */
    Stream<SitemapUrl> urls(Site site) throws Exception;

    /**
     * The defaults of this source's section: changefreq, priority and page size that every URL
     * gets unless it sets its own. Sources of one section must not disagree on them.
     *
     * @return the defaults; {@link SectionDefaults#NONE} unless overridden
     */
    default SectionDefaults defaults() {
        return SectionDefaults.NONE;
    }

    /**
     * A source from a function that opens a stream of URLs; it may throw checked exceptions
     * (a {@code SQLException}), which fail the render and keep the last good pages in service.
     *
     * @param section the section name
     * @param urls opens the URLs of one render
     * @return the source; {@link RowSource#changefreq} and friends set section defaults
     */
    static RowSource<SitemapUrl> of(String section, Rows<SitemapUrl> urls) {
        return new RowSource<>(section, urls, (url, site) -> url);
    }

    /**
     * Fixed pages, such as {@code paths("pages", "/", "/about", "/contact")}: each path is under
     * the web application's context root, as {@link Site#url(String)} makes it.
     *
     * @param section the section name
     * @param paths paths relative to the context root
     * @return the source; {@link RowSource#changefreq} and friends set section defaults
     */
    static RowSource<String> paths(String section, String... paths) {
        List<String> list = List.of(paths);
        return new RowSource<>(section, site -> list.stream(), (path, site) -> SitemapUrl.of(site.url(path)));
    }

    /**
     * A source of rows and a mapping the renderer applies to one row at a time. Unlike a stream of
     * ready URLs, where a builder's refusal fails the section, a row whose mapping is refused
     * (an {@code IllegalArgumentException} or {@code NullPointerException} from a builder) is
     * skipped, counted as {@code REFUSED_ROW} and logged with the reason.
     *
     * @param <R> a row
     * @param section the section name
     * @param rows opens the rows of one render
     * @param mapping makes one row's URL
     * @return the source
     */
    static <R> RowSource<R> rows(String section, Rows<R> rows, RowMapping<R> mapping) {
        return new RowSource<>(section, rows, mapping);
    }

    /**
     * A section with stable pages: {@code rows} reads a key range in ascending key order (for
     * example {@code WHERE id BETWEEN ? AND ? ORDER BY id}), and page boundaries are kept from one
     * render to the next, so inserting, updating or deleting one row changes one page. A page is
     * split only when it would pass the page limits, and merged only when it becomes small. A
     * section with a stable source has no other source.
     *
     * @param <R> the row type
     * @param section the section name
     * @param rows reads the rows of a key range, in ascending key order
     * @param key the key of a row: unique, and ascending in the order rows come
     * @param mapping the URL of a row; a refused row is skipped and counted
     * @return the source
     */
    static <R> KeyedSource<R> stable(String section, KeyedRows<R> rows, RowKey<R> key, RowMapping<R> mapping) {
        return new KeyedSource<>(section, rows, key, mapping);
    }

    /** Reads the rows whose keys lie in {@code from..to}, both inclusive, in ascending key order. */
    @FunctionalInterface
    interface KeyedRows<R> {
        /**
         * Opens the rows of a key range.
         *
         * @param site the site being rendered
         * @param from the smallest key, {@code Long.MIN_VALUE} when unbounded
         * @param to the largest key, {@code Long.MAX_VALUE} when unbounded
         * @return the rows in ascending key order; the caller closes the stream
         * @throws Exception when the rows cannot be read
         */
        Stream<R> open(Site site, long from, long to) throws Exception;
    }

    /** The key of a row of a stable section, such as its primary key. */
    @FunctionalInterface
    interface RowKey<R> {
        /**
         * The key of a row.
         *
         * @param row the row
         * @return its key
         */
        long key(R row);
    }

    /**
     * The rows of a SQL query, one URL each: opened per render over a forward-only cursor and
     * closed when the render ends, fails or stops at its deadline (see {@link Jdbc}). A row whose
     * mapping a builder refuses is skipped and counted; a {@code SQLException} fails the render.
     *
     * <pre>{@code
     * UrlSource.query("products", db, "SELECT id, updated FROM product",
     *     (rs, site) -> SitemapUrl.builder(site.url("/products/" + rs.getLong(1))).lastmod(rs.getObject(2, OffsetDateTime.class)).build())
     * }</pre>
     *
     * @param section the section name
     * @param db where to run the query
     * @param sql the query, with a {@code ?} for each of {@code params}
     * @param mapping makes the URL of the row the result set is positioned on
     * @param params the query's parameters
     * @return the source
     */
    static RowSource<ResultSet> query(
            String section, DataSource db, String sql, RowMapping<ResultSet> mapping, Object... params) {
        Objects.requireNonNull(db, "db");
        Objects.requireNonNull(sql, "sql");
        Object[] bound = params.clone();
        return new RowSource<>(section, site -> Jdbc.stream(db, sql, rs -> rs, bound), mapping);
    }

    /**
     * Opens the rows of one render, such as a JDBC cursor; the stream is closed after it.
     *
     * @param <R> a row
     */
    @FunctionalInterface
    interface Rows<R> {
        /**
         * Opens a fresh stream for one render.
         *
         * @param site the site being rendered
         * @return the rows, read lazily
         * @throws Exception when they cannot be opened; the render fails
         */
        Stream<R> open(Site site) throws Exception;
    }

    /**
     * Makes the URL of one row; a builder's refusal skips only that row.
     *
     * @param <R> a row
     */
    @FunctionalInterface
    interface RowMapping<R> {
        /**
         * Maps one row.
         *
         * @param row the row
         * @param site the site being rendered, to make absolute locs with {@link Site#url(String)}
         * @return the row's URL
         * @throws Exception a checked one (reading a column) fails the render; an
         *     {@code IllegalArgumentException} skips the row
         */
        SitemapUrl map(R row, Site site) throws Exception;
    }

    /**
     * Adapts an iterator, closing {@code onClose} with the stream (a cursor, a connection).
     *
     * @param urls the URLs, none of them null
     * @param onClose released when the renderer closes the stream
     * @return a sequential stream over {@code urls}
     */
    static Stream<SitemapUrl> stream(Iterator<SitemapUrl> urls, AutoCloseable onClose) {
        Stream<SitemapUrl> s = StreamSupport.stream(
                Spliterators.spliteratorUnknownSize(urls, Spliterator.ORDERED | Spliterator.NONNULL), false);
        return s.onClose(() -> {
            try {
                onClose.close();
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException("closing the URL source failed", e);
            }
        });
    }

    /**
     * Section names become part of page names ({@code sitemap-products-3.xml}), so they are
     * restricted to what a request path can carry without decoding.
     *
     * @param section the name to check
     * @return the name, unchanged
     * @throws IllegalArgumentException if it is not 1 to 64 of a-z, 0-9 and '-', starting and ending
     *     with a letter or digit
     */
    static String checkSection(String section) {
        Objects.requireNonNull(section, "section");
        boolean ok = !section.isEmpty()
                && section.length() <= 64
                && section.charAt(0) != '-'
                && section.charAt(section.length() - 1) != '-';
        for (int i = 0; ok && i < section.length(); i++) {
            char c = section.charAt(i);
            ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
        }
        if (!ok) {
            throw new IllegalArgumentException(
                    "section must be 1 to 64 of a-z, 0-9 and inner '-': \"" + section + "\"");
        }
        return section;
    }
}
