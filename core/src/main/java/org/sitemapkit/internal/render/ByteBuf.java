package org.sitemapkit.internal.render;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import org.sitemapkit.internal.check.W3cDatetime;

/** A growable byte array with the appends the XML writers need; no per-call allocation. */
final class ByteBuf {
    private byte[] bytes;
    private int size;

    ByteBuf(int capacity) {
        bytes = new byte[capacity];
    }

    /** The backing array, valid up to {@link #size()}; it changes when the buffer grows. */
    byte[] array() {
        return bytes;
    }

    int size() {
        return size;
    }

    /** Sets the size, after writing into {@link #reserve}'s array or to drop what followed. */
    void size(int newSize) {
        size = newSize;
    }

    /** Makes room for {@code extra} more bytes and returns the array to write them into. */
    byte[] reserve(int extra) {
        ensure(extra);
        return bytes;
    }

    void clear() {
        size = 0;
    }

    private void ensure(int extra) {
        int need = size + extra;
        if (need > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(need, bytes.length * 2));
        }
    }

    void put(byte b) {
        ensure(1);
        bytes[size++] = b;
    }

    void put(byte[] b) {
        ensure(b.length);
        System.arraycopy(b, 0, bytes, size, b.length);
        size += b.length;
    }

    void put(byte[] b, int off, int len) {
        ensure(len);
        System.arraycopy(b, off, bytes, size, len);
        size += len;
    }

    /** Appends characters known to be ASCII and free of XML specials. */
    void ascii(String s) {
        int n = s.length();
        ensure(n);
        size = copyAscii(s, 0, n, bytes, size);
    }

    /**
     * Copies {@code s[from, to)}, which the caller has checked is ASCII, to {@code dst} at
     * {@code at} and returns the end. The one-byte-per-char copy that is deprecated because it
     * drops high bytes is exact for ASCII, and for the usual Latin-1 string it is an array copy.
     */
    @SuppressWarnings("deprecation")
    static int copyAscii(String s, int from, int to, byte[] dst, int at) {
        s.getBytes(from, to, dst, at);
        return at + to - from;
    }

    /** Appends a lastmod's W3C Datetime text, formatted in place. */
    void datetime(long epochSecond, int offset) {
        ensure(W3cDatetime.MAX_LENGTH);
        size = W3cDatetime.write(epochSecond, offset, bytes, size);
    }

    void decimal(long value) {
        ascii(Long.toString(value));
    }

    /**
     * Appends text as UTF-8 with the five XML specials escaped. The model has already refused
     * characters XML cannot carry, so every surrogate here is paired.
     */
    void text(String s) {
        int n = s.length();
        ensure(n * 3);
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                switch (c) {
                    case '&':
                        entity(AMP);
                        break;
                    case '<':
                        entity(LT);
                        break;
                    case '>':
                        entity(GT);
                        break;
                    case '"':
                        entity(QUOT);
                        break;
                    case '\'':
                        entity(APOS);
                        break;
                    default:
                        bytes[size++] = (byte) c;
                }
            } else if (c < 0x800) {
                bytes[size++] = (byte) (0xC0 | (c >> 6));
                bytes[size++] = (byte) (0x80 | (c & 0x3F));
            } else if (Character.isHighSurrogate(c) && i + 1 < n) {
                int cp = Character.toCodePoint(c, s.charAt(++i));
                ensure(4);
                bytes[size++] = (byte) (0xF0 | (cp >> 18));
                bytes[size++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
                bytes[size++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
                bytes[size++] = (byte) (0x80 | (cp & 0x3F));
            } else {
                bytes[size++] = (byte) (0xE0 | (c >> 12));
                bytes[size++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                bytes[size++] = (byte) (0x80 | (c & 0x3F));
            }
        }
    }

    private static final byte[] AMP = Xml.bytes("&amp;");
    private static final byte[] LT = Xml.bytes("&lt;");
    private static final byte[] GT = Xml.bytes("&gt;");
    private static final byte[] QUOT = Xml.bytes("&quot;");
    private static final byte[] APOS = Xml.bytes("&apos;");

    /** An entity where up to three bytes per char were reserved; it may need two more. */
    private void entity(byte[] e) {
        ensure(e.length);
        System.arraycopy(e, 0, bytes, size, e.length);
        size += e.length;
    }

    void writeTo(OutputStream out) throws IOException {
        out.write(bytes, 0, size);
    }

    /** True when the bytes at {@code at} are the ASCII characters of {@code prefix}. */
    boolean regionEquals(int at, String prefix) {
        if (size - at < prefix.length()) {
            return false;
        }
        for (int i = 0; i < prefix.length(); i++) {
            if (bytes[at + i] != (byte) prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}
