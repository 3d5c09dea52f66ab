package org.sitemapkit.render;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.util.ArrayDeque;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * Turns the entries of each page into a document in the sink, pages in order. With gzip, each
 * entry is deflated as it comes ({@link GzipMember}), so memory stays at a few chunks however
 * large a page is; with background compression, the deflating happens on a second thread that
 * takes 64 KiB chunks from a small bounded queue while the caller encodes. Without gzip the
 * start tag must precede the body, so the body of one page is held until the page ends.
 */
final class PageOutput {
  private static final int CHUNK = 64 * 1024;
  private static final int CHUNKS = 8;

  private final String section;
  private final PageSink sink;
  private final ByteBuf body;
  private final GzipMember inline;
  private final Worker worker;
  private final ArrayDeque<Pending> pending = new ArrayDeque<>();
  private byte[] chunk;
  private int chunkSize;

  private static final class Pending {
    final PageSummary page;
    final CompletableFuture<byte[]> document;

    Pending(PageSummary page, CompletableFuture<byte[]> document) {
      this.page = page;
      this.document = document;
    }
  }

  /** A task for the worker: a chunk of data, or the end of a page. */
  private static final class Task {
    final byte[] data;
    final int length;
    final byte[] start;
    final CompletableFuture<byte[]> done;

    Task(byte[] data, int length, byte[] start, CompletableFuture<byte[]> done) {
      this.data = data;
      this.length = length;
      this.start = start;
      this.done = done;
    }
  }

  PageOutput(String section, PageSink sink, PageOptions options) {
    this.section = section;
    this.sink = sink;
    if (!options.gzip()) {
      body = new ByteBuf(CHUNK);
      inline = null;
      worker = null;
    } else if (!options.backgroundCompression()) {
      body = null;
      inline = new GzipMember(options.gzipLevel());
      worker = null;
    } else {
      body = null;
      inline = null;
      worker = new Worker(section, new GzipMember(options.gzipLevel()));
      worker.start();
      chunk = worker.free.poll();
    }
  }

  void append(byte[] b, int off, int len) throws IOException {
    if (body != null) {
      body.put(b, off, len);
    } else if (inline != null) {
      inline.data(b, off, len);
    } else {
      while (len > 0) {
        int n = Math.min(len, CHUNK - chunkSize);
        System.arraycopy(b, off, chunk, chunkSize, n);
        chunkSize += n;
        off += n;
        len -= n;
        if (chunkSize == CHUNK) {
          sendChunk();
        }
      }
    }
  }

  /** Ends the page begun by the entries appended since the last end; {@code start} is its start tag. */
  void endPage(byte[] start, PageSummary page) throws IOException {
    if (body != null) {
      OutputStream out = sink.openPage(section, page.number());
      out.write(start);
      body.writeTo(out);
      out.write(Xml.URLSET_FOOTER);
      sink.pageWritten(page);
      body.clear();
      return;
    }
    append(Xml.URLSET_FOOTER, 0, Xml.URLSET_FOOTER.length);
    if (inline != null) {
      deliver(page, inline.finish(start));
      return;
    }
    if (chunkSize > 0) {
      sendChunk();
    }
    CompletableFuture<byte[]> done = new CompletableFuture<>();
    worker.put(new Task(null, 0, start, done));
    pending.add(new Pending(page, done));
    while (!pending.isEmpty() && pending.peek().document.isDone()) {
      deliverOldest();
    }
  }

  private void sendChunk() throws IOException {
    worker.put(new Task(chunk, chunkSize, null, null));
    chunk = worker.take();
    chunkSize = 0;
  }

  private void deliverOldest() throws IOException {
    Pending p = pending.poll();
    try {
      deliver(p.page, p.document.get());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while compressing " + p.page.fileName());
    } catch (ExecutionException e) {
      throw new IOException("compressing " + p.page.fileName() + " failed", e.getCause());
    }
  }

  private void deliver(PageSummary page, byte[] document) throws IOException {
    sink.openPage(section, page.number()).write(document);
    sink.pageWritten(page);
  }

  /** Delivers every page still being compressed, then releases the thread and deflaters. */
  void finish() throws IOException {
    try {
      while (!pending.isEmpty()) {
        deliverOldest();
      }
    } finally {
      close();
    }
  }

  /** Releases the thread and native deflaters; pages not yet delivered are dropped. */
  void close() {
    if (inline != null) {
      inline.end();
    }
    if (worker != null) {
      worker.interrupt(); // it ends its deflaters on the way out
      pending.clear();
    }
  }

  /** The background deflater: one page at a time, chunks in order. */
  private static final class Worker extends Thread {
    final BlockingQueue<byte[]> free = new ArrayBlockingQueue<>(CHUNKS);
    final BlockingQueue<Task> tasks = new ArrayBlockingQueue<>(CHUNKS * 2);
    final GzipMember gzip;

    Worker(String section, GzipMember gzip) {
      super("sitemapkit-gzip-" + section);
      setDaemon(true);
      this.gzip = gzip;
      for (int i = 0; i < CHUNKS; i++) {
        free.add(new byte[CHUNK]);
      }
    }

    void put(Task task) throws IOException {
      try {
        tasks.put(task);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted while queueing a page for compression");
      }
    }

    byte[] take() throws IOException {
      try {
        return free.take();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted while waiting for the compressor");
      }
    }

    @Override
    public void run() {
      RuntimeException failure = null;
      try {
        while (true) {
          Task t = tasks.take();
          if (t.data != null) {
            if (failure == null) {
              try {
                gzip.data(t.data, 0, t.length);
              } catch (RuntimeException e) {
                failure = e;
              }
            }
            free.put(t.data);
          } else if (failure != null) {
            t.done.completeExceptionally(failure);
          } else {
            try {
              t.done.complete(gzip.finish(t.start));
            } catch (RuntimeException e) {
              failure = e;
              t.done.completeExceptionally(e);
            }
          }
        }
      } catch (InterruptedException e) {
        // closed by the writer
      } finally {
        gzip.end();
      }
    }
  }
}
