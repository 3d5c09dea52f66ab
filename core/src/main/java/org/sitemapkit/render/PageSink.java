package org.sitemapkit.render;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Where finished pages go: a cache, files, a socket. The writer asks for a stream when a page
 * is complete, writes the whole document into it, then reports it; it never closes the
 * stream, because the sink owns it.
 */
public interface PageSink {
    OutputStream openPage(String section, int number) throws IOException;

    /** The page opened last is complete: {@code page} describes what was written. */
    void pageWritten(PageSummary page) throws IOException;
}
