package org.sitemapkit.render;

import java.io.IOException;
import java.io.OutputStream;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * Writes one gzip member (RFC 1952) per page with a fixed header (no name, no time, OS
 * "unknown"), so that the same page gives the same bytes on every node and JDK. The deflater
 * is reused from page to page.
 */
final class GzipEncoder {
  private static final byte[] HEADER = {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, (byte) 0xff};

  private final Deflater deflater;
  private final CRC32 crc = new CRC32();
  private final byte[] buffer = new byte[64 * 1024];
  private OutputStream target;
  private long inputBytes;

  GzipEncoder(int level) {
    deflater = new Deflater(level, true);
  }

  void begin(OutputStream out) throws IOException {
    target = out;
    deflater.reset();
    crc.reset();
    inputBytes = 0;
    out.write(HEADER);
  }

  void write(byte[] b, int off, int len) throws IOException {
    crc.update(b, off, len);
    inputBytes += len;
    deflater.setInput(b, off, len);
    while (!deflater.needsInput()) {
      drain();
    }
  }

  /** Ends the member; the target stays open, since it belongs to the caller. */
  void finish() throws IOException {
    deflater.finish();
    while (!deflater.finished()) {
      drain();
    }
    int c = (int) crc.getValue();
    int n = (int) inputBytes;
    target.write(new byte[] {
        (byte) c, (byte) (c >> 8), (byte) (c >> 16), (byte) (c >> 24),
        (byte) n, (byte) (n >> 8), (byte) (n >> 16), (byte) (n >> 24)});
    target = null;
  }

  void end() {
    deflater.end();
  }

  private void drain() throws IOException {
    int k = deflater.deflate(buffer, 0, buffer.length, Deflater.NO_FLUSH);
    if (k > 0) {
      target.write(buffer, 0, k);
    }
  }
}
