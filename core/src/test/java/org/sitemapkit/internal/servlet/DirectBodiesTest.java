package org.sitemapkit.internal.servlet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A page written from its direct copy is byte for byte the stored page, on every request, and
 * streams without {@code write(ByteBuffer)} get the array.
 */
public class DirectBodiesTest {
    /** An output stream with a public {@code write(ByteBuffer)}, as Jetty's and Servlet 6.1's have. */
    public static final class BufferStream extends OutputStream {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int bufferWrites;

        @Override
        public void write(int b) {
            bytes.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            bytes.write(b, off, len);
        }

        public void write(ByteBuffer buffer) {
            bufferWrites++;
            while (buffer.hasRemaining()) {
                bytes.write(buffer.get());
            }
        }
    }

    private static byte[] page(int length, long seed) {
        byte[] b = new byte[length];
        new Random(seed).nextBytes(b);
        return b;
    }

    /** What the filter does: the direct copy, else the array. */
    private static byte[] serve(byte[] body, OutputStream out, ByteArrayOutputStream written) throws IOException {
        written.reset();
        if (!DirectBodies.write(out, body)) {
            out.write(body);
        }
        return written.toByteArray();
    }

    @Test
    void everyRequestGetsTheStoredBytes() throws IOException {
        byte[] body = page(900_000, 1);
        BufferStream out = new BufferStream();
        for (int i = 0; i < 5; i++) {
            assertArrayEquals(body, serve(body, out, out.bytes), "request " + i);
        }
        assertEquals(4, out.bufferWrites, "the first request primes the copy, the others write it");
    }

    @Test
    void anotherArrayOfTheSamePageIsNeverServedFromAnOldCopy() throws IOException {
        BufferStream out = new BufferStream();
        for (int i = 0; i < 50; i++) {
            byte[] body = page(100_000 + i, i); // a store that reads anew: a fresh array every time
            assertArrayEquals(body, serve(body, out, out.bytes));
            assertArrayEquals(body, serve(body, out, out.bytes));
        }
    }

    @Test
    void smallAndHugeBodiesAndPlainStreamsGetTheArray() throws IOException {
        byte[] small = page(1000, 2);
        byte[] huge = page(DirectBodies.MAX_BYTES + 1, 3);
        BufferStream out = new BufferStream();
        for (int i = 0; i < 3; i++) {
            assertFalse(DirectBodies.write(out, small));
            assertFalse(DirectBodies.write(out, huge));
        }
        byte[] body = page(200_000, 4);
        ByteArrayOutputStream plain = new ByteArrayOutputStream();
        for (int i = 0; i < 3; i++) {
            assertFalse(DirectBodies.write(plain, body));
        }
        assertEquals(0, out.bufferWrites);
        assertEquals(0, plain.size());
    }

    @Test
    void aCopyIsReadFromItsStartEveryTime() throws IOException {
        byte[] body = page(70_000, 5);
        BufferStream out = new BufferStream();
        assertFalse(DirectBodies.write(out, body));
        for (int i = 0; i < 3; i++) {
            out.bytes.reset();
            assertTrue(DirectBodies.write(out, body));
            assertArrayEquals(body, out.bytes.toByteArray());
        }
    }
}
