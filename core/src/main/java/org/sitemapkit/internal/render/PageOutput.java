package org.sitemapkit.internal.render;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.util.ArrayDeque;
import java.util.concurrent.ExecutionException;
import org.sitemapkit.internal.BlockGzip;
import org.sitemapkit.internal.Threads;

/**
 * Turns the entries of each page into a document in the sink, pages in order. With gzip, the
 * entries are deflated in 448 KiB blocks as they come ({@link BlockGzip}), so memory stays at a
 * few blocks however large a page is. With background compression, one thread per processor
 * but one (at most three) deflates queued blocks while the caller encodes; when the queue is
 * full the caller deflates a block itself. So no thread waits and no more threads deflate than
 * there are processors: with one more, measured, the time-slicing cost a tenth more CPU. Without
 * gzip the start tag must precede the body, so the body of one page is held until the page ends.
 */
final class PageOutput {
    private final String section;
    private final PageSink sink;
    private final ByteBuf body;
    private final BlockGzip gzip;

    private final ArrayDeque<Pending> pending = new ArrayDeque<>();
    private boolean closed;

    private static final class Pending {
        final PageSummary page;
        final BlockGzip.Member member;

        Pending(PageSummary page, BlockGzip.Member member) {
            this.page = page;
            this.member = member;
        }
    }

    /** Ended pages kept undelivered at most: the oldest, still deflating, and the one after it. */
    static final int MAX_PENDING = 2;

    PageOutput(String section, PageSink sink, PageOptions options, Threads threads) {
        this.section = section;
        this.sink = sink;
        if (!options.gzip()) {
            body = new ByteBuf(BlockGzip.BLOCK);
            gzip = null;
        } else if (!options.backgroundCompression() || threads == null || background() == 0) {
            body = null;
            gzip = new BlockGzip(options.gzipLevel(), null, 1, 1);
        } else {
            int background = background();
            int queued = 2 * background + 1;
            body = null;
            // at most this many drainers of BlockGzip's queue at once; the caller deflates when it is full
            Threads.Bounded pool = threads.bounded(background);
            // a block being filled, the queued ones, one per thread and one on the caller
            gzip = new BlockGzip(options.gzipLevel(), pool, background + 1, queued + background + 2);
        }
    }

    /** Background deflate threads: one per processor but the caller's, at most three. */
    private static int background() {
        return Math.min(4, Runtime.getRuntime().availableProcessors()) - 1;
    }

    void append(byte[] b, int off, int len) throws IOException {
        if (body != null) {
            body.put(b, off, len);
            return;
        }
        try {
            gzip.data(b, off, len);
        } catch (InterruptedException e) {
            throw interrupted(e);
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
        try {
            pending.add(new Pending(page, gzip.finish(start)));
        } catch (InterruptedException e) {
            throw interrupted(e);
        }
        // a page whose blocks are all deflated waits behind the oldest; when the background thread falls
        // behind (a starved core, a busy executor), the caller takes the oldest over instead of keeping
        // finished pages without bound
        while (!pending.isEmpty() && (pending.peek().member.isDone() || pending.size() > MAX_PENDING)) {
            deliverOldest();
        }
    }

    private void deliverOldest() throws IOException {
        Pending p = pending.poll();
        try {
            if (sink.keepsDocuments()) {
                sink.page(section, p.page, gzip.bytes(p.member));
            } else {
                gzip.writeTo(p.member, sink.openPage(section, p.page.number()));
                sink.pageWritten(p.page);
            }
        } catch (InterruptedException e) {
            throw interrupted(e);
        } catch (ExecutionException e) {
            throw new IOException("compressing " + p.page.fileName() + " failed", e.getCause());
        }
    }

    private static InterruptedIOException interrupted(InterruptedException e) {
        Thread.currentThread().interrupt();
        InterruptedIOException x = new InterruptedIOException("interrupted while compressing a sitemap page");
        x.initCause(e);
        return x;
    }

    /** Delivers every page still being compressed, then releases the threads and deflaters. */
    void finish() throws IOException {
        try {
            while (!pending.isEmpty()) {
                deliverOldest();
            }
        } finally {
            close();
        }
    }

    /** Waits for its deflates and releases the native deflaters; pages not yet delivered are dropped. */
    void close() {
        if (closed) {
            return; // finish() closes, and so does the writer after it
        }
        closed = true;
        pending.clear();
        if (gzip != null) {
            gzip.dropQueued();
            try {
                // no deflate may use an ended deflater; a drainer not started yet takes nothing now
                gzip.awaitIdle(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            gzip.end();
        }
    }
}
