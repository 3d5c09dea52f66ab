package org.sitemapkit.internal.html;

/** One rendered HTML page of the view, kept compressed as the sitemap pages are. */
public final class HtmlDocument {
    private final byte[] gzip;
    private final int identityLength;
    private final String etag;

    HtmlDocument(byte[] gzip, int identityLength, String etag) {
        this.gzip = gzip;
        this.identityLength = identityLength;
        this.etag = etag;
    }

    /** The gzip member; callers must not modify it. */
    public byte[] gzip() {
        return gzip;
    }

    public int identityLength() {
        return identityLength;
    }

    /** A strong validator from the uncompressed HTML, without quotes. */
    public String etag() {
        return etag;
    }
}
