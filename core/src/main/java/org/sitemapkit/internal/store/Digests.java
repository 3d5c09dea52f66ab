package org.sitemapkit.internal.store;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Base64;

/** Strong validators from content, so every node behind a load balancer agrees on them. */
final class Digests {
    private Digests() {}

    /**
     * The validator of a gzip member's uncompressed content: the CRC-32 and length its trailer
     * records. Two zlib builds (classic zlib, zlib-ng) deflate the same bytes differently, but
     * agree on these, so a mixed fleet agrees on the ETag; and reading them costs nothing.
     */
    static String etagOfGzip(byte[] gzip) {
        if (gzip.length < 18) {
            throw new IllegalArgumentException("not a gzip member: " + gzip.length + " bytes");
        }
        byte[] trailer = Arrays.copyOfRange(gzip, gzip.length - 8, gzip.length);
        return "z" + Base64.getUrlEncoder().withoutPadding().encodeToString(trailer);
    }

    static String etag(byte[] content) {
        try {
            byte[] sha = MessageDigest.getInstance("SHA-256").digest(content);
            return Base64.getUrlEncoder().withoutPadding().encodeToString(Arrays.copyOf(sha, 18));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
