package org.sitemapkit.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

/** A member made of a late prefix and streamed data inflates to prefix + data, CRC and size checked. */
class BlockGzipTest {
    @Test
    void combinedCrcEqualsTheCrcOfTheConcatenation() {
        Random random = new Random(7);
        for (int round = 0; round < 200; round++) {
            byte[] a = new byte[random.nextInt(3000)];
            byte[] b = new byte[random.nextInt(100_000)];
            random.nextBytes(a);
            random.nextBytes(b);
            CRC32 all = new CRC32();
            all.update(a);
            all.update(b);
            CRC32 ca = new CRC32();
            ca.update(a);
            CRC32 cb = new CRC32();
            cb.update(b);
            assertEquals(all.getValue(), Crc32.combine(ca.getValue(), cb.getValue(), b.length));
        }
    }

    @Test
    void membersInflateToPrefixThenDataAndThreadsDoNotChangeTheBytes() throws Exception {
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(3);
        // one thread and a queue of one, which refuses what does not fit: the caller deflates those blocks
        java.util.concurrent.ThreadPoolExecutor small = new java.util.concurrent.ThreadPoolExecutor(
                1, 1, 0, java.util.concurrent.TimeUnit.SECONDS, new java.util.concurrent.ArrayBlockingQueue<>(1));
        BlockGzip gzip = new BlockGzip(6, null, 1, 1);
        BlockGzip parallel = new BlockGzip(6, pool, 3, 6);
        BlockGzip callerRuns = new BlockGzip(6, small, 2, 4);
        try {
            Random random = new Random(11);
            for (int round = 0; round < 20; round++) {
                byte[] prefix = ("<urlset n=\"" + round + "\">")
                        .repeat(random.nextInt(4))
                        .getBytes(java.nio.charset.StandardCharsets.UTF_8);
                java.io.ByteArrayOutputStream expected = new java.io.ByteArrayOutputStream();
                expected.writeBytes(prefix);
                int chunks = random.nextInt(40);
                for (int c = 0; c < chunks; c++) {
                    byte[] data = ("<url><loc>https://shop.example.com/p/" + random.nextInt() + "</loc></url>\n")
                            .repeat(random.nextInt(3000))
                            .getBytes(java.nio.charset.StandardCharsets.UTF_8);
                    gzip.data(data, 0, data.length);
                    parallel.data(data, 0, data.length);
                    callerRuns.data(data, 0, data.length);
                    expected.writeBytes(data);
                }
                byte[] member = gzip.bytes(gzip.finish(prefix));
                assertArrayEquals(expected.toByteArray(), gunzip(member));
                assertArrayEquals(member, parallel.bytes(parallel.finish(prefix)));
                assertArrayEquals(member, callerRuns.bytes(callerRuns.finish(prefix)));
            }
        } finally {
            pool.shutdown();
            small.shutdown();
            gzip.end();
            parallel.end();
            callerRuns.end();
        }
    }

    @Test
    void anInterruptedCallerDeflatingABlockItselfStopsAtOnce() throws Exception {
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.ThreadPoolExecutor pool = new java.util.concurrent.ThreadPoolExecutor(
                1, 1, 0, java.util.concurrent.TimeUnit.SECONDS, new java.util.concurrent.ArrayBlockingQueue<>(1));
        pool.execute(() -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        pool.execute(() -> {}); // the queue is full: the next block is the caller's to deflate
        BlockGzip gzip = new BlockGzip(6, pool, 2, 4);
        try {
            byte[] block = new byte[BlockGzip.BLOCK];
            Thread.currentThread().interrupt();
            org.junit.jupiter.api.Assertions.assertThrows(
                    InterruptedException.class, () -> gzip.data(block, 0, block.length));
        } finally {
            Thread.interrupted();
            release.countDown();
            pool.shutdown();
            pool.awaitTermination(10, java.util.concurrent.TimeUnit.SECONDS);
            gzip.end();
        }
    }

    private static byte[] gunzip(byte[] gz) throws java.io.IOException {
        try (java.util.zip.GZIPInputStream in =
                new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(gz))) {
            return in.readAllBytes();
        }
    }
}
