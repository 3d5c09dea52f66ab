package org.sitemapkit.internal.render;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Where finished pages go: a cache, files, a socket. The writer asks for a stream when a page
 * is complete, writes the whole document into it, then reports it; it never closes the
 * stream, because the sink owns it.
 */
public interface PageSink {
    /**
     * Called once a page is complete, so a sink never holds a half-written page.
     *
     * @param section the section the page belongs to
     * @param number from 1: the n of {@code sitemap-{section}-{n}.xml}
     * @return the stream the whole document is written to; the sink keeps ownership of it
     * @throws IOException if the destination cannot be opened
     */
    OutputStream openPage(String section, int number) throws IOException;

    /**
     * The page opened last is complete: {@code page} describes what was written.
     *
     * @param page the page's number, URL count, size and newest lastmod
     * @throws IOException if the sink fails to finish the page
     */
    void pageWritten(PageSummary page) throws IOException;

    /**
     * Whether this sink keeps each page as one array ({@link #page}); else a gzip writer streams a
     * finished page into {@link #openPage} block by block, and never builds a page-sized array
     * that the sink would only copy.
     *
     * @return true for a sink that keeps pages in memory
     */
    default boolean keepsDocuments() {
        return false;
    }

    /**
     * A complete page's whole document at once, as a gzip writer has it; a sink that keeps pages
     * in memory takes the array as it is, with no stream and no copy.
     *
     * @param section the section the page belongs to
     * @param page the page's number, URL count, size and newest lastmod
     * @param document the page's bytes, no longer used by the writer
     * @throws IOException if the sink fails to keep the page
     */
    default void page(String section, PageSummary page, byte[] document) throws IOException {
        openPage(section, page.number()).write(document);
        pageWritten(page);
    }
}
