package org.sitemapkit.internal.render;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/** Two million URLs through a 64 MiB heap: memory is bounded by one page, not by the URL count. */
class BoundedMemoryTest {
    @Test
    void twoMillionUrlsRenderInSixtyFourMegabytes() throws IOException, InterruptedException {
        assertTrue(probe("2000000").contains("pages=40 urls=2000000 skipped=0 maxPageUrls=50000 "));
    }

    @Test
    void aFlatMappedSourceIsStreamedNotBuffered() throws IOException, InterruptedException {
        // iterator() over a flatMap would hold all two million URLs of the inner stream at once
        assertTrue(probe("2000000", "flatMap").contains("pages=40 urls=2000000 skipped=0 maxPageUrls=50000 "));
    }

    private static String probe(String... args) throws IOException, InterruptedException {
        return ChildJvm.run("64m", MemoryProbe.class, args);
    }
}
