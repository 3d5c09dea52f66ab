package org.sitemapkit.internal.store;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sitemapkit.internal.render.ChildJvm;

/**
 * The 100,000,000-URL site of issue 38 in the form CI has time for: 10,000,000 rows of a generated
 * keyed source in stable pages on the disk store, in a JVM of 64 MiB. StoresBench {@code --scale-only}
 * times the full size; this checks what must hold at any size, with no timing.
 */
class LargeStableSiteTest {
    static final String URLS = "10000000";

    @Test
    void millionsOfStableRowsRenderInA64MiBHeapAndOneChangeRendersOnePage(@TempDir Path dir) throws Exception {
        String out = ChildJvm.run(
                "64m", LargeStableSiteProbe.class, URLS, dir.resolve("store").toString());
        System.out.print(out);
        assertTrue(out.contains("ok urls=" + URLS + " pages=1000 indexes=1 rowsReadForOneChange=10000 "), out);
    }
}
