package org.sitemapkit.internal.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** PageStore.disk(Path) takes any Path; a store on a non-default file system must read back its pages. */
class DiskPageStoreOtherFileSystemTest {
    @TempDir
    Path dir;

    @Test
    void pagesSurviveARestartOnAZipFileSystem() throws Exception {
        URI zip = URI.create("jar:" + dir.resolve("store.zip").toUri());
        try (FileSystem fs = FileSystems.newFileSystem(zip, Map.of("create", "true"))) {
            Path root = fs.getPath("/pages");
            RenderedSection written =
                    PageStoreContract.render(new DiskPageStore(root), PageStoreContract.KEY, "a", 2, 7);
            RenderedSection read = new DiskPageStore(root).get(PageStoreContract.KEY); // a restart
            assertNotNull(read, "the stored section is served after a restart");
            assertEquals(written.version(), read.version());
        }
    }

    /**
     * The check of another file system's page files: one cut, emptied or gone makes the section
     * render anew, when a restart checks them (an earlier version's metadata) and when it is read.
     */
    @Test
    void aTornPageOnAZipFileSystemIsNeverServed() throws Exception {
        for (int keep : new int[] {0, 10, -1, -2}) {
            URI zip = URI.create("jar:" + dir.resolve("torn" + keep + ".zip").toUri());
            try (FileSystem fs = FileSystems.newFileSystem(zip, Map.of("create", "true"))) {
                Path root = fs.getPath("/pages");
                PageStoreContract.render(new DiskPageStore(root), PageStoreContract.KEY, "a", 2, 50);
                DiskPageStoreTest.asAnEarlierVersionWroteIt(root);
                DiskPageStoreTest.tornPage(root, keep);
                assertNull(new DiskPageStore(root).get(PageStoreContract.KEY), keep + ": the section renders anew");

                Path flushed = fs.getPath("/flushed");
                RenderedSection written =
                        PageStoreContract.render(new DiskPageStore(flushed), PageStoreContract.KEY, "a", 2, 50);
                int torn = DiskPageStoreTest.pageOf(
                        written, DiskPageStoreTest.firstPage(DiskPageStoreTest.folder(flushed)));
                DiskPageStoreTest.tornPage(flushed, keep);
                DiskPageStore restarted = new DiskPageStore(flushed);
                RenderedSection read = restarted.get(PageStoreContract.KEY);
                assertThrows(
                        UncheckedIOException.class, () -> read.pages().get(torn).gzip(), keep + ": refused");
                assertNull(restarted.get(PageStoreContract.KEY), keep + ": the section renders anew");
            }
        }
    }
}
