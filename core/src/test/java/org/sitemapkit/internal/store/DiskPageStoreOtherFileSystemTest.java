package org.sitemapkit.internal.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

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
}
