package org.sitemapkit.internal.servlet;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.ref.WeakReference;
import java.nio.ByteBuffer;

/**
 * Writes a stored page from a direct buffer where the container's output stream takes one
 * ({@code ServletOutputStream.write(ByteBuffer)} of Servlet 6.1, and Jetty's {@code HttpOutput}
 * before it): a heap array is copied into a temporary direct buffer by the JDK on every write
 * to a socket, again for each part of it the socket did not take, and a page is most of a
 * megabyte. The same bytes go out either way.
 *
 * <p>A page gets its direct copy on its second request with the very same array (the memory store
 * hands out one array per page; a store that reads anew each time never gets one), in one of
 * {@link #SLOTS} slots picked by identity, only up to {@link #MAX_BYTES}: at most
 * {@code SLOTS * MAX_BYTES} of direct memory, freed by the collector when a slot is taken over or
 * its page is gone.
 */
final class DirectBodies {
    private DirectBodies() {}

    /** Smaller bodies go out as the array: the copy costs less than a lookup. */
    static final int MIN_BYTES = 64 * 1024;

    static final int MAX_BYTES = 2 * 1024 * 1024;
    /** A power of two. */
    static final int SLOTS = 8;

    private static final Entry[] ENTRIES = new Entry[SLOTS];

    /** The stream's {@code write(ByteBuffer)}, or null when it has none that is public. */
    private static final ClassValue<MethodHandle> WRITE = new ClassValue<>() {
        @Override
        protected MethodHandle computeValue(Class<?> type) {
            try {
                return MethodHandles.publicLookup()
                        .findVirtual(type, "write", MethodType.methodType(void.class, ByteBuffer.class))
                        .asType(MethodType.methodType(void.class, OutputStream.class, ByteBuffer.class));
            } catch (NoSuchMethodException | IllegalAccessException | RuntimeException e) {
                return null;
            }
        }
    };

    /** One page's array, weakly, and its direct copy once asked for twice. */
    private static final class Entry {
        final WeakReference<byte[]> page;
        volatile ByteBuffer direct;

        Entry(byte[] page) {
            this.page = new WeakReference<>(page);
        }
    }

    /**
     * Writes all of {@code body} to {@code out} from a direct copy and returns true, or returns
     * false having written nothing, for the caller to write the array.
     */
    static boolean write(OutputStream out, byte[] body) throws IOException {
        if (body.length < MIN_BYTES || body.length > MAX_BYTES) {
            return false;
        }
        MethodHandle write = WRITE.get(out.getClass());
        if (write == null) {
            return false;
        }
        ByteBuffer direct = direct(body);
        if (direct == null) {
            return false;
        }
        try {
            write.invokeExact(out, direct);
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IOException(e);
        }
        return true;
    }

    /** A fresh view of the direct copy of {@code body}, or null on its first request. */
    static ByteBuffer direct(byte[] body) {
        int slot = System.identityHashCode(body) & (SLOTS - 1);
        Entry e = ENTRIES[slot];
        if (e == null || e.page.get() != body) {
            ENTRIES[slot] = new Entry(body);
            return null;
        }
        ByteBuffer d = e.direct;
        if (d == null) {
            ByteBuffer copy = ByteBuffer.allocateDirect(body.length);
            copy.put(body).flip();
            d = copy.asReadOnlyBuffer();
            e.direct = d;
        }
        return d.duplicate();
    }
}
