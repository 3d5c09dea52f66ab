package org.sitemapkit.internal.render;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;

/** Keeps every page in memory, as written, for tests. */
final class MemorySink implements PageSink {
    final List<byte[]> raw = new ArrayList<>();
    final List<PageSummary> summaries = new ArrayList<>();
    private final boolean gzip;
    private final boolean keeps;
    private ByteArrayOutputStream current;

    MemorySink(boolean gzip) {
        this(gzip, false);
    }

    /** {@code keeps}: takes each page as one array, as the page store's sink does, not streamed. */
    MemorySink(boolean gzip, boolean keeps) {
        this.gzip = gzip;
        this.keeps = keeps;
    }

    @Override
    public boolean keepsDocuments() {
        return keeps;
    }

    @Override
    public void page(String section, PageSummary page, byte[] document) {
        if (!keeps) {
            throw new AssertionError("a whole page handed to a sink that streams");
        }
        raw.add(document);
        summaries.add(page);
    }

    @Override
    public OutputStream openPage(String section, int number) {
        if (current != null) {
            throw new AssertionError("page opened before the previous one was reported");
        }
        current = new ByteArrayOutputStream();
        return current;
    }

    @Override
    public void pageWritten(PageSummary page) {
        raw.add(current.toByteArray());
        summaries.add(page);
        current = null;
    }

    /** Page {@code i} (from 0) as XML bytes, inflated when the sink holds gzip. */
    byte[] xml(int i) {
        return gzip ? gunzip(raw.get(i)) : raw.get(i);
    }

    String text(int i) {
        return new String(xml(i), StandardCharsets.UTF_8);
    }

    int size() {
        return raw.size();
    }

    static byte[] gunzip(byte[] gz) {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gz))) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
