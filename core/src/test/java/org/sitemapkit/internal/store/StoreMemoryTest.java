package org.sitemapkit.internal.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sitemapkit.internal.render.ChildJvm;

/** The disk store serves a site of millions of URLs from a heap no larger than a small site's. */
class StoreMemoryTest {
    private static final Pattern HEAP =
            Pattern.compile("urls=(\\d+) pages=(\\d+) servedBytes=(\\d+) heapAfterServing=(\\d+)");

    @Test
    void theHeapDoesNotGrowWithTheSiteOnTheDiskStore(@TempDir Path dir) throws Exception {
        long small = heap(probe("100000", "disk", dir.resolve("small").toString()), 100_000);
        long large = heap(probe("3000000", "disk", dir.resolve("large").toString()), 3_000_000);
        System.out.printf(
                "disk store, heap in use after serving every page: 100,000 URLs %,d bytes;"
                        + " 3,000,000 URLs %,d bytes%n",
                small, large);
        assertTrue(large < small + (4 << 20), "3,000,000 URLs took " + large + " bytes of heap, 100,000 took " + small);
    }

    private static long heap(String out, long urls) {
        Matcher m = HEAP.matcher(out);
        assertTrue(m.find(), out);
        assertEquals(urls, Long.parseLong(m.group(1)), out);
        return Long.parseLong(m.group(4));
    }

    /** In a JVM of 48 MiB: the memory store would need more than that for 3,000,000 URLs of gzip. */
    private static String probe(String... args) throws IOException, InterruptedException {
        return ChildJvm.run("48m", StoreMemoryProbe.class, args);
    }
}
