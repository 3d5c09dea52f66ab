package org.sitemapkit.render;

/** Whole-document gzip with the same fixed header as the page writer, for small documents. */
public final class Gzip {
  private Gzip() {}

  public static byte[] compress(byte[] data, int level) {
    GzipMember gzip = new GzipMember(level);
    try {
      gzip.data(data, 0, data.length);
      return gzip.finish(new byte[0]);
    } finally {
      gzip.end();
    }
  }
}
