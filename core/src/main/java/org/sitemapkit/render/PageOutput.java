package org.sitemapkit.render;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.util.ArrayDeque;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Hands finished page bodies to the sink, in page order. Compression is the dominant cost of a
 * render, so with {@code compressionThreads > 0} pages are deflated on background threads while
 * the caller encodes the next page; each thread in flight holds one page body, which bounds
 * memory to {@code compressionThreads + 1} pages.
 */
final class PageOutput {
  private final String section;
  private final PageSink sink;
  private final GzipEncoder inline;
  private final ExecutorService pool;
  private final BlockingQueue<ByteBuf> freeBodies;
  private final BlockingQueue<GzipEncoder> encoders;
  private final ArrayDeque<Pending> pending = new ArrayDeque<>();

  private static final class Pending {
    final PageSummary page;
    final Future<byte[]> document;

    Pending(PageSummary page, Future<byte[]> document) {
      this.page = page;
      this.document = document;
    }
  }

  PageOutput(String section, PageSink sink, PageOptions options) {
    this.section = section;
    this.sink = sink;
    int threads = options.gzip() ? options.compressionThreads() : 0;
    if (threads == 0) {
      inline = options.gzip() ? new GzipEncoder(options.gzipLevel()) : null;
      pool = null;
      freeBodies = null;
      encoders = null;
      return;
    }
    inline = null;
    pool = Executors.newFixedThreadPool(threads, r -> {
      Thread t = new Thread(r, "sitemapkit-gzip-" + section);
      t.setDaemon(true);
      return t;
    });
    freeBodies = new ArrayBlockingQueue<>(threads);
    encoders = new ArrayBlockingQueue<>(threads);
    for (int i = 0; i < threads; i++) {
      freeBodies.add(new ByteBuf(64 * 1024));
      encoders.add(new GzipEncoder(options.gzipLevel()));
    }
  }

  /**
   * Writes (or schedules) the page whose body is {@code body[0, end)}; returns the buffer to
   * go on with, holding what followed {@code end} at its start.
   */
  ByteBuf emit(ByteBuf body, int end, byte[] header, PageSummary page) throws IOException {
    if (pool == null) {
      OutputStream out = sink.openPage(section, page.number());
      if (inline != null) {
        inline.begin(out);
        inline.write(header, 0, header.length);
        inline.write(body.array(), 0, end);
        inline.write(Xml.URLSET_FOOTER, 0, Xml.URLSET_FOOTER.length);
        inline.finish();
      } else {
        out.write(header);
        body.writeTo(out, 0, end);
        out.write(Xml.URLSET_FOOTER);
      }
      sink.pageWritten(page);
      body.shiftLeft(end);
      return body;
    }
    ByteBuf next;
    while ((next = freeBodies.poll()) == null) {
      deliverOldest();
    }
    next.clear();
    next.put(body.array(), end, body.size() - end);
    pending.add(new Pending(page, pool.submit(() -> compress(body, end, header))));
    while (!pending.isEmpty() && pending.peek().document.isDone()) {
      deliverOldest();
    }
    return next;
  }

  private byte[] compress(ByteBuf body, int end, byte[] header) throws IOException, InterruptedException {
    GzipEncoder gzip = encoders.take();
    try {
      ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(1024, end / 10));
      gzip.begin(out);
      gzip.write(header, 0, header.length);
      gzip.write(body.array(), 0, end);
      gzip.write(Xml.URLSET_FOOTER, 0, Xml.URLSET_FOOTER.length);
      gzip.finish();
      return out.toByteArray();
    } finally {
      encoders.put(gzip);
      freeBodies.put(body);
    }
  }

  private void deliverOldest() throws IOException {
    Pending p = pending.poll();
    byte[] document;
    try {
      document = p.document.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while compressing " + p.page.fileName());
    } catch (ExecutionException e) {
      throw new IOException("compressing " + p.page.fileName() + " failed", e.getCause());
    }
    sink.openPage(section, p.page.number()).write(document);
    sink.pageWritten(p.page);
  }

  /** Delivers every page still compressing, then releases the threads and deflaters. */
  void finish() throws IOException {
    try {
      while (!pending.isEmpty()) {
        deliverOldest();
      }
    } finally {
      close();
    }
  }

  /** Releases threads and native deflaters; pages not yet delivered are dropped. */
  void close() {
    if (inline != null) {
      inline.end();
    }
    if (pool != null) {
      pool.shutdownNow();
      pending.clear();
      for (GzipEncoder e : encoders) {
        e.end(); // an encoder still in use by a cancelled task is freed by its cleaner
      }
    }
  }
}
