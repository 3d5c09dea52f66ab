package org.sitemapkit.render;

import java.io.ByteArrayOutputStream;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * Builds one gzip member (RFC 1952) whose content is a prefix followed by data, where the data
 * is compressed as it arrives and the prefix is only known at the end. That is exactly a
 * urlset page: its start tag declares the extension namespaces the page turned out to use.
 * The prefix is deflated on its own and sync-flushed to a byte boundary, the data by a second
 * deflater that never refers back into it, and the two CRCs are combined — so a page is never
 * held uncompressed. The header is fixed (no name, no time, OS "unknown"): the same content
 * gives the same bytes on every node and JDK. Deflaters and buffers are reused, member after
 * member.
 */
final class GzipMember {
  private static final byte[] HEADER = {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, (byte) 0xff};

  private final Deflater data;
  private final Deflater prefix;
  private final CRC32 crc = new CRC32();
  private final byte[] buffer = new byte[64 * 1024];
  private final Bytes compressed = new Bytes();
  private long length;

  GzipMember(int level) {
    data = new Deflater(level, true);
    prefix = new Deflater(level, true);
  }

  void data(byte[] b, int off, int len) {
    crc.update(b, off, len);
    length += len;
    data.setInput(b, off, len);
    while (!data.needsInput()) {
      drain(data, compressed, Deflater.NO_FLUSH);
    }
  }

  /** The finished member: {@code start} followed by all data given since the last member. */
  byte[] finish(byte[] start) {
    data.finish();
    while (!data.finished()) {
      drain(data, compressed, Deflater.NO_FLUSH);
    }
    ByteArrayOutputStream member = new ByteArrayOutputStream(compressed.size() + start.length + 64);
    member.writeBytes(HEADER);
    prefix.setInput(start);
    while (!prefix.needsInput()) {
      drain(prefix, member, Deflater.NO_FLUSH);
    }
    while (drain(prefix, member, Deflater.SYNC_FLUSH) == buffer.length) {
      // a full buffer may mean more output is pending
    }
    compressed.appendTo(member);
    CRC32 startCrc = new CRC32();
    startCrc.update(start);
    int c = (int) Crc32.combine(startCrc.getValue(), crc.getValue(), length);
    int n = (int) (start.length + length);
    member.writeBytes(new byte[] {
        (byte) c, (byte) (c >> 8), (byte) (c >> 16), (byte) (c >> 24),
        (byte) n, (byte) (n >> 8), (byte) (n >> 16), (byte) (n >> 24)});
    data.reset();
    prefix.reset();
    crc.reset();
    compressed.reset();
    length = 0;
    return member.toByteArray();
  }

  /** A byte array stream that can hand its bytes on without copying them first. */
  private static final class Bytes extends ByteArrayOutputStream {
    Bytes() {
      super(64 * 1024);
    }

    void appendTo(ByteArrayOutputStream out) {
      out.write(buf, 0, count);
    }
  }

  /** Releases the native deflaters. */
  void end() {
    data.end();
    prefix.end();
  }

  private int drain(Deflater d, ByteArrayOutputStream out, int flush) {
    int k = d.deflate(buffer, 0, buffer.length, flush);
    out.write(buffer, 0, k);
    return k;
  }
}
