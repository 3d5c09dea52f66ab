package org.sitemapkit.internal.store;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * One rendered document as the cache keeps it: gzip bytes (most crawlers accept gzip, and the
 * identity form is inflated on the rare request that does not), a strong validator computed
 * from the uncompressed content, and what the index needs to list it. Stores that keep pages
 * off the heap (on disk, in a distributed cache) write them with {@link SectionCodec}.
 */
public final class CachedPage {
    /** Where a page's bytes are read from when they are not kept on the heap: a file, a cache. */
    @FunctionalInterface
    interface Body {
        byte[] gzip() throws IOException;
    }

    private final byte[] gzip;
    private final Body body;
    private final String etag;
    private final int identityLength;
    private final int urlCount;
    private final String lastmod;
    private final long lastModifiedMillis;

    public CachedPage(byte[] gzip, int identityLength, int urlCount, String lastmod, long lastModifiedMillis) {
        this(gzip, null, Digests.etagOfGzip(gzip), identityLength, urlCount, lastmod, lastModifiedMillis);
    }

    private CachedPage(
            byte[] gzip,
            Body body,
            String etag,
            int identityLength,
            int urlCount,
            String lastmod,
            long lastModifiedMillis) {
        this.gzip = gzip;
        this.body = body;
        this.etag = etag;
        this.identityLength = identityLength;
        this.urlCount = urlCount;
        this.lastmod = lastmod;
        this.lastModifiedMillis = lastModifiedMillis;
    }

    /** The same page, its bytes read from {@code body} on each use instead of held. */
    CachedPage stored(Body body) {
        return new CachedPage(null, body, etag, identityLength, urlCount, lastmod, lastModifiedMillis);
    }

    /** A page described by its metadata, its bytes in {@code body}. */
    static CachedPage of(
            Body body, String etag, int identityLength, int urlCount, String lastmod, long lastModifiedMillis) {
        return new CachedPage(null, body, etag, identityLength, urlCount, lastmod, lastModifiedMillis);
    }

    /**
     * The validator of any other document, computed the same way.
     *
     * @param content the uncompressed document
     * @return the tag without quotes
     */
    public static String etagOf(byte[] content) {
        return Digests.etag(content);
    }

    /**
     * The gzip member; callers must not modify it. A page a store keeps off the heap is read
     * from there on each call.
     *
     * @return one gzip member holding the whole document
     * @throws UncheckedIOException when the store cannot give it back
     */
    public byte[] gzip() {
        if (gzip != null) {
            return gzip;
        }
        try {
            return body.gzip();
        } catch (IOException e) {
            throw new UncheckedIOException("page " + etag + " cannot be read from its store: " + e.getMessage(), e);
        }
    }

    /**
     * The validator without quotes: the same uncompressed document gives the same tag on every
     * node, whatever zlib deflated it.
     *
     * @return the strong entity tag, without quotes
     */
    public String etag() {
        return etag;
    }

    /**
     * The size of the inflated document, for {@code Content-Length} when a client does not take gzip.
     *
     * @return bytes of the uncompressed document
     */
    public int identityLength() {
        return identityLength;
    }

    /**
     * URLs in the page, which the HTML view shows.
     *
     * @return zero for an index, else the URLs written to the page
     */
    public int urlCount() {
        return urlCount;
    }

    /**
     * The W3C lastmod of the page's newest URL, which the index lists for the page.
     *
     * @return the lastmod text, or null when any URL has none
     */
    public String lastmod() {
        return lastmod;
    }

    /**
     * The same moment for {@code Last-Modified}.
     *
     * @return epoch milliseconds, or -1 when unknown
     */
    public long lastModifiedMillis() {
        return lastModifiedMillis;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CachedPage && ((CachedPage) o).etag.equals(etag);
    }

    @Override
    public int hashCode() {
        return etag.hashCode();
    }

    @Override
    public String toString() {
        return "CachedPage{" + urlCount + " URLs, " + identityLength + " bytes, etag " + etag + "}";
    }
}
