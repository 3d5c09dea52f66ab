package org.sitemapkit.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * Gzip members made of independently deflated 448 KiB blocks, as pigz makes them: each block is
 * deflated by its own deflater primed with the previous 32 KiB as dictionary (so the ratio stays
 * that of one stream) and sync-flushed to a byte boundary. The CRC is taken on the calling
 * thread as each block is handed over, while its bytes are still in cache. Blocks can
 * then be deflated on several threads at once, and a page is never held uncompressed. The
 * member's start — a urlset's start tag, which declares the namespaces the page turned out to
 * use — is only known at the end, so it is deflated last and put first. The bytes depend only
 * on the content and the level, never on the number of threads, so every node agrees on them.
 * For SitemapKit's modules, not an API.
 */
public final class BlockGzip {
    public static final int BLOCK = 448 * 1024; // under half a G1 region of 1 MiB, so not a humongous object
    private static final int WINDOW = 32 * 1024;
    private static final byte[] HEADER = {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, (byte) 0xff};

    /** A member whose blocks may still be deflating. */
    public static final class Member {
        private final byte[] start;
        private final List<CompletableFuture<byte[]>> blocks;
        private final long bodyCrc;
        private final long bodyLength;

        Member(byte[] start, List<CompletableFuture<byte[]>> blocks, long bodyCrc, long bodyLength) {
            this.start = start;
            this.blocks = blocks;
            this.bodyCrc = bodyCrc;
            this.bodyLength = bodyLength;
        }

        public boolean isDone() {
            for (CompletableFuture<byte[]> b : blocks) {
                if (!b.isDone()) {
                    return false;
                }
            }
            return true;
        }
    }

    /** A deflater and the buffer it deflates into, grown to the largest block it has deflated. */
    private static final class Slot {
        final Deflater deflater;
        byte[] out = new byte[16 * 1024];

        Slot(int level) {
            deflater = new Deflater(level, true);
        }
    }

    /** A start tag deflated on its own, and its CRC: a section's pages mostly share one. */
    private record Start(byte[] deflated, long crc) {}

    private final Executor executor;
    /**
     * Blocks waiting for a background deflate. The executor runs drainers of this queue, not one
     * task per block: a busy executor refuses a drainer, not a block, so the caller deflates a block
     * itself only when the queue is full, and a background thread never waits while blocks queue.
     */
    private final BlockingQueue<Runnable> queue;

    private final Runnable drainer = this::runQueued;
    /** Guards {@link #running} and {@link #dropped}. */
    private final Object idle = new Object();
    /** Blocks taken from the queue and deflating now. */
    private int running;
    /** Set by {@link #dropQueued}: a drainer that starts late takes nothing. */
    private boolean dropped;

    private final BlockingQueue<byte[]> freeBlocks;
    private final BlockingQueue<Slot> deflaters;
    private final Slot prefix;
    /** The start tags deflated so far, so that each one costs one deflate per render, not one per page. */
    private final Map<ByteBuffer, Start> starts = new HashMap<>();

    private List<CompletableFuture<byte[]>> blocks = new ArrayList<>();
    private final CRC32 bodyCrc = new CRC32();
    private long bodyLength;
    private byte[] block;
    private int blockSize;
    private byte[] dictionary;

    /**
     * @param executor runs the background deflates (it may refuse when busy); null deflates every
     *     block on the calling thread
     * @param threads how many deflates may run at once: the executor's and the caller's
     * @param buffers how many blocks may exist at once: one being filled, one per thread deflating,
     *     and the rest queued; when the queue is full the caller deflates the next block itself
     */
    public BlockGzip(int level, Executor executor, int threads, int buffers) {
        this.executor = executor;
        this.queue = new ArrayBlockingQueue<>(Math.max(1, buffers - threads - 1));
        this.freeBlocks = new ArrayBlockingQueue<>(buffers);
        for (int i = 0; i < buffers; i++) {
            freeBlocks.add(new byte[BLOCK]);
        }
        this.deflaters = new ArrayBlockingQueue<>(threads);
        for (int i = 0; i < threads; i++) {
            deflaters.add(new Slot(level));
        }
        this.prefix = new Slot(level);
        this.block = freeBlocks.poll();
    }

    public void data(byte[] b, int off, int len) throws InterruptedException {
        while (len > 0) {
            int n = Math.min(len, BLOCK - blockSize);
            System.arraycopy(b, off, block, blockSize, n);
            blockSize += n;
            off += n;
            len -= n;
            if (blockSize == BLOCK) {
                submit(false);
            }
        }
    }

    /** Ends the member begun by the data since the last one; {@code start} goes before that data. */
    public Member finish(byte[] start) throws InterruptedException {
        submit(true);
        Member m = new Member(start, blocks, bodyCrc.getValue(), bodyLength);
        blocks = new ArrayList<>();
        bodyCrc.reset();
        bodyLength = 0;
        dictionary = null;
        return m;
    }

    private void submit(boolean last) throws InterruptedException {
        byte[] data = block;
        int length = blockSize;
        byte[] dict = dictionary;
        dictionary = length >= WINDOW
                ? Arrays.copyOfRange(data, length - WINDOW, length)
                : length == 0 ? dict : tail(dict, data, length);
        bodyCrc.update(data, 0, length);
        bodyLength += length;
        CompletableFuture<byte[]> f = new CompletableFuture<>();
        blocks.add(f);
        if (executor == null) {
            deflateHere(f, data, length, dict, last);
        } else {
            Runnable task = () -> {
                try {
                    deflateHere(f, data, length, dict, last);
                } catch (InterruptedException e) { // the pool is closing; f already says so
                    Thread.currentThread().interrupt();
                }
            };
            if (!queue.offer(task)) {
                deflateHere(f, data, length, dict, last); // the queue is full: the caller deflates this one
            } else {
                try {
                    executor.execute(drainer);
                } catch (RejectedExecutionException e) {
                    if (executor instanceof ExecutorService && ((ExecutorService) executor).isShutdown()) {
                        queue.remove(task);
                        throw e;
                    }
                    // busy: a drainer runs already, or the caller runs what is queued when it waits
                }
            }
        }
        block = freeBlocks.take();
        blockSize = 0;
    }

    /**
     * Deflates a block on this thread into {@code f}, where a failure (an Error too) reaches the
     * writer that waits on it. An interrupt is also rethrown, so that an interrupted caller stops
     * at once, as it would in a blocked {@code take()}.
     */
    private void deflateHere(CompletableFuture<byte[]> f, byte[] data, int length, byte[] dict, boolean last)
            throws InterruptedException {
        try {
            f.complete(deflate(data, length, dict, last));
        } catch (InterruptedException e) {
            f.completeExceptionally(e);
            throw e;
        } catch (Throwable e) {
            f.completeExceptionally(e);
        } finally {
            freeBlocks.offer(data);
        }
    }

    /** The last 32 KiB of what came before, when a short block follows a short block. */
    private static byte[] tail(byte[] dict, byte[] data, int length) {
        byte[] before = dict == null ? new byte[0] : dict;
        int keep = Math.min(before.length, WINDOW - length);
        byte[] t = new byte[keep + length];
        System.arraycopy(before, before.length - keep, t, 0, keep);
        System.arraycopy(data, 0, t, keep, length);
        return t;
    }

    private byte[] deflate(byte[] data, int length, byte[] dict, boolean last) throws InterruptedException {
        Slot slot = deflaters.take();
        try {
            Deflater d = slot.deflater;
            d.reset();
            if (dict != null) {
                d.setDictionary(dict);
            }
            d.setInput(data, 0, length);
            if (last) {
                d.finish();
            }
            int n = drain(slot, last); // may grow slot.out
            return Arrays.copyOf(slot.out, n);
        } finally {
            deflaters.offer(slot); // never full, and unlike put() not refused to an interrupted thread
        }
    }

    /**
     * Deflates the slot's input into its buffer, growing it when full: to the end of the stream,
     * or sync-flushed to a byte boundary.
     *
     * @return the bytes in {@code slot.out}
     */
    private static int drain(Slot slot, boolean last) {
        Deflater d = slot.deflater;
        int flush = last ? Deflater.NO_FLUSH : Deflater.SYNC_FLUSH;
        int n = 0;
        do {
            if (n == slot.out.length) {
                slot.out = Arrays.copyOf(slot.out, slot.out.length * 2);
            }
            n += d.deflate(slot.out, n, slot.out.length - n, flush);
        } while (last ? !d.finished() : n == slot.out.length || !d.needsInput());
        return n;
    }

    /** The start tag deflated from a fresh stream and sync-flushed, as each member begins. */
    private Start start(byte[] tag) {
        Start known = starts.get(ByteBuffer.wrap(tag));
        if (known != null) {
            return known;
        }
        prefix.deflater.reset();
        prefix.deflater.setInput(tag);
        CRC32 crc = new CRC32();
        crc.update(tag);
        int n = drain(prefix, false); // may grow prefix.out
        Start made = new Start(Arrays.copyOf(prefix.out, n), crc.getValue());
        if (starts.size() < 64) { // a section's pages declare a few namespace sets, not many
            starts.put(ByteBuffer.wrap(tag.clone()), made);
        }
        return made;
    }

    /** Deflates queued blocks until none is left: a drainer's loop, and the caller's before it waits. */
    private void runQueued() {
        for (; ; ) {
            Runnable task;
            synchronized (idle) {
                task = dropped ? null : queue.poll();
                if (task == null) {
                    return;
                }
                running++;
            }
            try {
                task.run();
            } finally {
                synchronized (idle) {
                    running--;
                    idle.notifyAll();
                }
            }
        }
    }

    /** Drops the blocks still queued: the member they belong to will never be read. */
    public void dropQueued() {
        synchronized (idle) {
            dropped = true;
            queue.clear();
        }
    }

    /**
     * Waits until no block is deflating. Only blocks taken from the queue count: a drainer the
     * executor accepted but has not started yet (its threads are busy) finds nothing to do, so
     * nothing waits for it.
     *
     * @return whether every deflate ended in time
     */
    public boolean awaitIdle(long millis) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000L;
        synchronized (idle) {
            while (running > 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                idle.wait(Math.max(1, left / 1_000_000L));
            }
            return true;
        }
    }

    /** Waits for the member's blocks and returns its bytes. */
    public byte[] bytes(Member m) throws InterruptedException, ExecutionException {
        byte[][] done = blocks(m);
        Start start = start(m.start);
        int size = HEADER.length + start.deflated.length + 8;
        for (byte[] b : done) {
            size += b.length;
        }
        byte[] member = new byte[size];
        System.arraycopy(HEADER, 0, member, 0, HEADER.length);
        int at = HEADER.length;
        System.arraycopy(start.deflated, 0, member, at, start.deflated.length);
        at += start.deflated.length;
        for (byte[] b : done) {
            System.arraycopy(b, 0, member, at, b.length);
            at += b.length;
        }
        trailer(m, start, member, at);
        return member;
    }

    /**
     * Waits for the member's blocks and writes its bytes to {@code out}, block by block: a sink that
     * does not keep the page never holds it in one page-sized array.
     */
    public void writeTo(Member m, OutputStream out) throws IOException, InterruptedException, ExecutionException {
        byte[][] done = blocks(m);
        Start start = start(m.start);
        out.write(HEADER);
        out.write(start.deflated);
        for (byte[] b : done) {
            out.write(b);
        }
        byte[] trailer = new byte[8];
        trailer(m, start, trailer, 0);
        out.write(trailer);
    }

    private byte[][] blocks(Member m) throws InterruptedException, ExecutionException {
        if (!m.isDone()) {
            runQueued(); // rather than wait idle; a block queued when every drainer had left is run here
        }
        byte[][] done = new byte[m.blocks.size()][];
        for (int i = 0; i < done.length; i++) {
            done[i] = m.blocks.get(i).get();
        }
        return done;
    }

    /** The gzip trailer, the whole member's CRC-32 and length, at {@code at}. */
    private static void trailer(Member m, Start start, byte[] into, int at) {
        int c = (int) Crc32.combine(start.crc, m.bodyCrc, m.bodyLength);
        int n = (int) (m.start.length + m.bodyLength);
        for (int i = 0; i < 4; i++) {
            into[at + i] = (byte) (c >> (8 * i));
            into[at + 4 + i] = (byte) (n >> (8 * i));
        }
    }

    /** Releases the native deflaters; call once no block is deflating any more. */
    public void end() {
        prefix.deflater.end();
        for (Slot slot : deflaters) {
            slot.deflater.end();
        }
    }
}
