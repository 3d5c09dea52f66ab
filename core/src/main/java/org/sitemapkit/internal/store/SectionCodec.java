package org.sitemapkit.internal.store;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.sitemapkit.internal.LogText;

/**
 * A rendered section's metadata as bytes, without its pages: what a store off the heap keeps
 * beside the pages it writes by their ETag. Plain bytes, so no store needs this library's classes
 * to read them (a distributed cache deserializes on other nodes), and a file of another format
 * is refused whole.
 */
final class SectionCodec {
    /** The ETags SitemapKit writes: base64url, as {@code Digests} makes them. */
    private static final java.util.regex.Pattern ETAG = java.util.regex.Pattern.compile("[A-Za-z0-9_-]{1,64}");

    private static final int MAGIC_1 = 0x534b5331; // "SKS1": no page boundaries
    private static final int MAGIC = 0x534b5332; // "SKS2"
    /**
     * "SKS3": as SKS2, written by a disk store that flushed every page file it names to the device
     * before writing it, so that a reader need not check the files' ends before serving them.
     */
    private static final int MAGIC_FLUSHED = 0x534b5333;

    private SectionCodec() {}

    /** The metadata as a shared cache keeps it: nothing said of where the pages are. */
    static byte[] encode(RenderedSection section) {
        return encode(section, false);
    }

    /**
     * The metadata; {@code pagesFlushed} records that every page it names reached the device
     * before it was written (read back by {@link #pagesFlushed}).
     */
    static byte[] encode(RenderedSection section, boolean pagesFlushed) {
        ByteArrayOutputStream bytes =
                new ByteArrayOutputStream(256 + 96 * section.pages().size());
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(pagesFlushed ? MAGIC_FLUSHED : MAGIC);
            out.writeUTF(section.section());
            out.writeLong(section.renderedAtMillis());
            out.writeInt(section.pages().size());
            for (CachedPage p : section.pages()) {
                out.writeUTF(p.etag());
                out.writeInt(p.identityLength());
                out.writeInt(p.urlCount());
                out.writeBoolean(p.lastmod() != null);
                if (p.lastmod() != null) {
                    out.writeUTF(p.lastmod());
                }
                out.writeLong(p.lastModifiedMillis());
            }
            out.writeInt(section.skipped().size());
            for (Map.Entry<String, Long> e : section.skipped().entrySet()) {
                out.writeUTF(e.getKey());
                out.writeLong(e.getValue());
            }
            long[] boundaries = section.boundaries();
            out.writeInt(boundaries == null ? -1 : boundaries.length);
            if (boundaries != null) {
                for (long b : boundaries) {
                    out.writeLong(b);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail
        }
        return bytes.toByteArray();
    }

    /**
     * Whether the metadata says its pages were flushed to the device before it was written. Only
     * the format is read: {@link #decode} says whether the rest reads.
     */
    static boolean pagesFlushed(byte[] data) {
        return data.length >= 4 && ByteBuffer.wrap(data).getInt() == MAGIC_FLUSHED;
    }

    /** The section, each page's bytes read through {@code bodies} by its ETag. */
    static RenderedSection decode(byte[] data, Function<String, CachedPage.Body> bodies) throws IOException {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(data))) {
            int magic = in.readInt();
            if (magic != MAGIC && magic != MAGIC_FLUSHED && magic != MAGIC_1) {
                throw new IOException("not a SitemapKit section");
            }
            String section = in.readUTF();
            long renderedAt = in.readLong();
            int count = in.readInt();
            if (count < 0 || count > 10_000_000) {
                throw new IOException("bad page count " + count);
            }
            List<CachedPage> pages = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                String etag = in.readUTF();
                if (!ETAG.matcher(etag).matches()) {
                    // it names a page's file: anything but an ETag SitemapKit writes could name
                    // another file, or none the file system takes (the fuzzer's find: a NUL)
                    throw new IOException("bad page name " + LogText.quote(etag));
                }
                int identityLength = in.readInt();
                int urls = in.readInt();
                String lastmod = in.readBoolean() ? in.readUTF() : null;
                long lastModified = in.readLong();
                pages.add(CachedPage.of(bodies.apply(etag), etag, identityLength, urls, lastmod, lastModified));
            }
            int skips = in.readInt();
            Map<String, Long> skipped = new LinkedHashMap<>();
            for (int i = 0; i < skips; i++) {
                skipped.put(in.readUTF(), in.readLong());
            }
            long[] boundaries = null;
            int n = magic == MAGIC_1 ? -1 : in.readInt();
            if (n >= 0) {
                if (n != count) {
                    throw new IOException(n + " page boundaries for " + count + " pages");
                }
                boundaries = new long[n];
                for (int i = 0; i < n; i++) {
                    boundaries[i] = in.readLong();
                }
            }
            if (in.read() != -1) {
                throw new IOException("trailing bytes");
            }
            return new RenderedSection(section, renderedAt, pages, skipped, boundaries);
        } catch (EOFException e) {
            throw new IOException("truncated section", e);
        }
    }
}
