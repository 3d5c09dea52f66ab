package org.sitemapkit.render;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/** Whole-document gzip with the same fixed header as the page writer, for small documents. */
public final class Gzip {
  private Gzip() {}

  public static byte[] compress(byte[] data, int level) {
    GzipEncoder gzip = new GzipEncoder(level);
    ByteArrayOutputStream out = new ByteArrayOutputStream(data.length / 4 + 64);
    try {
      gzip.begin(out);
      gzip.write(data, 0, data.length);
      gzip.finish();
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a ByteArrayOutputStream does not throw
    } finally {
      gzip.end();
    }
    return out.toByteArray();
  }
}
