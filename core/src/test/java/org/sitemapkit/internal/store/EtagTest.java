package org.sitemapkit.internal.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.sitemapkit.internal.Gzip;

/** The ETag comes from the uncompressed document, so nodes whose zlib deflates differently agree. */
class EtagTest {
    static final byte[] XML = ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/"
                    + "schemas/sitemap/0.9\">" + "<url><loc>https://shop.example.com/p/1</loc></url>".repeat(500)
                    + "</urlset>")
            .getBytes(StandardCharsets.UTF_8);

    /** A gzip stream as another zlib would write it: another strategy gives other deflate bytes. */
    static byte[] otherZlib(byte[] data) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out) {
            {
                def.setStrategy(Deflater.HUFFMAN_ONLY);
            }
        }) {
            gz.write(data);
        }
        return out.toByteArray();
    }

    @Test
    void theSameDocumentDeflatedDifferentlyHasTheSameEtag() throws IOException {
        byte[] a = Gzip.compress(XML, 6);
        byte[] b = Gzip.compress(XML, 1);
        byte[] c = otherZlib(XML);
        assertFalse(Arrays.equals(a, b) || Arrays.equals(a, c), "the deflate streams differ");
        String etag = new CachedPage(a, XML.length, 500, null, -1).etag();
        assertEquals(etag, new CachedPage(b, XML.length, 500, null, -1).etag());
        assertEquals(etag, new CachedPage(c, XML.length, 500, null, -1).etag());
        byte[] changed = XML.clone();
        changed[changed.length - 20] = '2';
        assertNotEquals(etag, new CachedPage(Gzip.compress(changed, 6), XML.length, 500, null, -1).etag());
    }
}
