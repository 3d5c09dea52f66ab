package org.sitemapkit.service;

import java.io.Serializable;
import java.util.Objects;

/**
 * One rendered document as the cache keeps it: gzip bytes (most crawlers accept gzip, and the
 * identity form is inflated on the rare request that does not), a strong validator computed
 * from the uncompressed content, and what the index needs to list it. Serializable so that a distributed
 * store can hold it.
 */
public final class CachedPage implements Serializable {
  private static final long serialVersionUID = 1L;

  private final byte[] gzip;
  private final String etag;
  private final int identityLength;
  private final int urlCount;
  private final String lastmod;
  private final long lastModifiedMillis;

  CachedPage(byte[] gzip, int identityLength, int urlCount, String lastmod, long lastModifiedMillis) {
    this.gzip = gzip;
    this.etag = Digests.etagOfGzip(gzip);
    this.identityLength = identityLength;
    this.urlCount = urlCount;
    this.lastmod = lastmod;
    this.lastModifiedMillis = lastModifiedMillis;
  }

  /** The validator of any other document, computed the same way. */
  public static String etagOf(byte[] content) {
    return Digests.etag(content);
  }

  /** The gzip member; callers must not modify it. */
  public byte[] gzip() {
    return gzip;
  }

  /**
   * The validator without quotes: the same uncompressed document gives the same tag on every
   * node, whatever zlib deflated it.
   */
  public String etag() {
    return etag;
  }

  /** The size of the inflated document. */
  public int identityLength() {
    return identityLength;
  }

  public int urlCount() {
    return urlCount;
  }

  /** The W3C lastmod of the page's newest URL, or null when any URL has none. */
  public String lastmod() {
    return lastmod;
  }

  /** The same moment for {@code Last-Modified}, or -1 when unknown. */
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
