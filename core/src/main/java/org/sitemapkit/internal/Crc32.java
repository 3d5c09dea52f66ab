package org.sitemapkit.internal;

/**
 * {@code crc32_combine} from zlib 1.2.12 on: the CRC-32 of A followed by B from the CRCs of A and
 * B and the length of B, by multiplying A's CRC by x^(8 × length) modulo the CRC polynomial. The
 * powers x^(2^n) come from a table, so a combine costs a few dozen shifts, not the 32×32 matrix
 * squarings of older zlib: one-URL pages combine once each.
 */
final class Crc32 {
    private Crc32() {}

    private static final int POLY = 0xedb88320; // reflected, as zlib and java.util.zip.CRC32 use it
    /** x^(2^n) modulo the polynomial, n from 0 to 31. */
    private static final int[] X2N = new int[32];

    static {
        int p = 1 << 30; // x^1
        X2N[0] = p;
        for (int n = 1; n < 32; n++) {
            X2N[n] = p = multiply(p, p);
        }
    }

    static long combine(long crc1, long crc2, long length2) {
        if (length2 <= 0) {
            return crc1;
        }
        return (multiply(powerOfX(length2, 3), (int) crc1) ^ crc2) & 0xffffffffL;
    }

    /** a × b modulo the polynomial, both reflected. */
    private static int multiply(int a, int b) {
        int m = 1 << 31;
        int p = 0;
        for (; ; ) {
            if ((a & m) != 0) {
                p ^= b;
                if ((a & (m - 1)) == 0) {
                    return p;
                }
            }
            m >>>= 1;
            b = (b & 1) != 0 ? (b >>> 1) ^ POLY : b >>> 1;
        }
    }

    /** x^(n × 2^k) modulo the polynomial. */
    private static int powerOfX(long n, int k) {
        int p = 1 << 31; // x^0
        while (n != 0) {
            if ((n & 1) != 0) {
                p = multiply(X2N[k & 31], p);
            }
            n >>>= 1;
            k++;
        }
        return p;
    }
}
