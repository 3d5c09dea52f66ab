package org.sitemapkit.source;

import java.util.Iterator;
import java.util.Objects;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Function;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
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
    /** The section these URLs are paged into, e.g. {@code products}: {@code [a-z0-9-]+}. */
    String section();

    /**
     * Opens a fresh stream of URLs for {@code site}; called once per render. Build locs with
     * {@link Site#url(String)} so they are absolute and inside the site. The caller closes the
     * stream.
     */
    Stream<SitemapUrl> urls(Site site) throws Exception;

    /** A source from a function, for registration in code. */
    static UrlSource of(String section, Function<Site, Stream<SitemapUrl>> urls) {
        checkSection(section);
        Objects.requireNonNull(urls, "urls");
        return new UrlSource() {
            @Override
            public String section() {
                return section;
            }

            @Override
            public Stream<SitemapUrl> urls(Site site) {
                return urls.apply(site);
            }

            @Override
            public String toString() {
                return "UrlSource(" + section + ")";
            }
        };
    }

    /**
     * A source of rows and a mapping the renderer applies to one row at a time. Unlike a stream of
     * ready URLs, where a builder's refusal fails the section, a row whose mapping is refused
     * (an {@code IllegalArgumentException} or {@code NullPointerException} from a builder) is
     * skipped, counted as {@code REFUSED_ROW} and logged with the reason.
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

    /** Opens the rows of one render, such as a JDBC cursor; the stream is closed after it. */
    @FunctionalInterface
    interface Rows<R> {
        Stream<R> open(Site site) throws Exception;
    }

    /** Makes the URL of one row; a builder's refusal skips only that row. */
    @FunctionalInterface
    interface RowMapping<R> {
        SitemapUrl map(R row, Site site);
    }

    /** Adapts an iterator, closing {@code onClose} with the stream (a cursor, a connection). */
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
