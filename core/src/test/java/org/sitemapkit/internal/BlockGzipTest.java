package org.sitemapkit.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Assertions;
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
        ExecutorService pool = Executors.newFixedThreadPool(3);
        // one thread and a queue of one, which refuses what does not fit: the caller deflates those blocks
        ThreadPoolExecutor small = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new ArrayBlockingQueue<>(1));
        BlockGzip gzip = new BlockGzip(6, null, 1, 1);
        BlockGzip parallel = new BlockGzip(6, pool, 3, 6);
        BlockGzip callerRuns = new BlockGzip(6, small, 2, 4);
        try {
            Random random = new Random(11);
            for (int round = 0; round < 20; round++) {
                byte[] prefix = ("<urlset n=\"" + round + "\">")
                        .repeat(random.nextInt(4))
                        .getBytes(StandardCharsets.UTF_8);
                ByteArrayOutputStream expected = new ByteArrayOutputStream();
                expected.writeBytes(prefix);
                int chunks = random.nextInt(40);
                for (int c = 0; c < chunks; c++) {
                    byte[] data = ("<url><loc>https://shop.example.com/p/" + random.nextInt() + "</loc></url>\n")
                            .repeat(random.nextInt(3000))
                            .getBytes(StandardCharsets.UTF_8);
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
        CountDownLatch release = new CountDownLatch(1);
        ThreadPoolExecutor pool = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new ArrayBlockingQueue<>(1));
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
            Assertions.assertThrows(InterruptedException.class, () -> gzip.data(block, 0, block.length));
        } finally {
            Thread.interrupted();
            release.countDown();
            pool.shutdown();
            pool.awaitTermination(10, TimeUnit.SECONDS);
            gzip.end();
        }
    }

    private static byte[] gunzip(byte[] gz) throws IOException {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gz))) {
            return in.readAllBytes();
        }
    }
}
