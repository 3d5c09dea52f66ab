package org.sitemapkit.internal;

/**
 * {@code crc32_combine} from zlib: the CRC-32 of A followed by B from the CRCs of A and B and
 * the length of B, by applying "B's length of zeros" to A's CRC as a GF(2) matrix power.
 */
final class Crc32 {
    private Crc32() {}

    static long combine(long crc1, long crc2, long length2) {
        if (length2 <= 0) {
            return crc1;
        }
        long[] even = new long[32];
        long[] odd = new long[32];
        odd[0] = 0xedb88320L; // the CRC-32 polynomial: the operator for one zero bit
        long row = 1;
        for (int n = 1; n < 32; n++) {
            odd[n] = row;
            row <<= 1;
        }
        square(even, odd); // two zero bits
        square(odd, even); // four zero bits
        long len = length2;
        do {
            square(even, odd); // the first pass gives one zero byte
            if ((len & 1) != 0) {
                crc1 = times(even, crc1);
            }
            len >>= 1;
            if (len == 0) {
                break;
            }
            square(odd, even);
            if ((len & 1) != 0) {
                crc1 = times(odd, crc1);
            }
            len >>= 1;
        } while (len != 0);
        return crc1 ^ crc2;
    }

    private static long times(long[] matrix, long vector) {
        long sum = 0;
        for (int i = 0; vector != 0; i++, vector >>>= 1) {
            if ((vector & 1) != 0) {
                sum ^= matrix[i];
            }
        }
        return sum;
    }

    private static void square(long[] square, long[] matrix) {
        for (int n = 0; n < 32; n++) {
            square[n] = times(matrix, matrix[n]);
        }
    }
}
