package org.sitemapkit.source;

import java.sql.ResultSet;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.ToLongFunction;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import javax.sql.DataSource;
import org.sitemapkit.model.Changefreq;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;

/**
 * Streams the URLs of one section of the sitemap. Sources never hand over a list: the renderer
 * pulls one URL at a time and closes the stream when it is done or fails, so a JDBC cursor
 * behind it is released and memory does not grow with the number of rows.
 *
 * <p>Found with {@link java.util.ServiceLoader} (list the class in
 * {@code META-INF/services/org.sitemapkit.source.UrlSource}; it needs a public no-arg
 * constructor) or registered in code with {@code SitemapKit.register}. The factories make the
 * usual ones: every source is rows plus the mapping of a row to its URL, and {@link #changefreq},
 * {@link #priority} and {@link #maxUrls} set its section's defaults.
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
     * This source with a default change frequency for the URLs of its section that set none.
     *
     * @param value the frequency
     * @return a new source
     */
    default UrlSource changefreq(Changefreq value) {
        return Source.of(this).changefreq(value);
    }

    /**
     * This source with a default priority for the URLs of its section that set none.
     *
     * @param value 0.0 to 1.0
     * @return a new source
     * @throws IllegalArgumentException outside 0.0 to 1.0
     */
    default UrlSource priority(double value) {
        return Source.of(this).priority(value);
    }

    /**
     * This source with smaller pages for its section than the global {@code max-urls}.
     *
     * @param value URLs per page, 1 to the global {@code max-urls} (checked when the filter starts)
     * @return a new source
     * @throws IllegalArgumentException outside 1 to 50,000
     */
    default UrlSource maxUrls(int value) {
        return Source.of(this).maxUrls(value);
    }

    /**
     * A source from a function that opens a stream of URLs; it may throw checked exceptions
     * (a {@code SQLException}), which fail the render and keep the last good pages in service.
     *
     * @param section the section name
     * @param urls opens the URLs of one render
     * @return the source
     */
    static UrlSource of(String section, Rows<SitemapUrl> urls) {
        return Source.rows(section, urls, (url, site) -> url);
    }

    /**
     * Fixed pages, such as {@code paths("pages", "/", "/about", "/contact")}: each path is under
     * the web application's context root, as {@link Site#url(String)} makes it.
     *
     * @param section the section name
     * @param paths paths relative to the context root
     * @return the source
     */
    static UrlSource paths(String section, String... paths) {
        List<String> list = List.of(paths);
        return Source.rows(section, site -> list.stream(), (path, site) -> SitemapUrl.of(site.url(path)));
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
    static <R> UrlSource rows(String section, Rows<R> rows, RowMapping<R> mapping) {
        return Source.rows(section, rows, mapping);
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
    static <R> UrlSource stable(String section, KeyedRows<R> rows, ToLongFunction<R> key, RowMapping<R> mapping) {
        return Source.stable(section, rows, key, mapping);
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
    static UrlSource query(String section, DataSource db, String sql, RowMapping<ResultSet> mapping, Object... params) {
        Objects.requireNonNull(db, "db");
        Objects.requireNonNull(sql, "sql");
        Object[] bound = params.clone();
        return Source.rows(section, site -> Jdbc.stream(db, sql, rs -> rs, bound), mapping);
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
}
