package org.sitemapkit.internal.store;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.sitemapkit.testsupport.Dirs;

/**
 * What a store reads back that it may not have written whole: section metadata (from a disk
 * file or a shared cache) and a disk store's folder. Either it reads, or it is refused as the
 * callers expect (an IOException for metadata; a section rendered anew for a folder, or, when its
 * metadata says the pages were flushed, a page refused as it is read and its section dropped),
 * never another exception.
 */
class StoredFilesFuzzTest {
    static final String KEY = "https://shop.example.com/|products";

    @FuzzTest(maxDuration = "20s")
    void sectionMetadata(FuzzedDataProvider data) {
        try {
            SectionCodec.decode(data.consumeRemainingAsBytes(), etag -> () -> new byte[0]);
        } catch (IOException e) {
            // documented: metadata that does not read
        }
    }

    @FuzzTest(maxDuration = "20s")
    void pendingChanges(FuzzedDataProvider data) {
        String text = data.consumeRemainingAsString();
        try {
            PendingChanges read = PendingChanges.decode(text);
            if (!read.equals(PendingChanges.decode(read.encode()))) {
                throw new AssertionError("a record that reads must read back the same: " + text);
            }
        } catch (IOException e) {
            // documented: a record that does not read
        }
    }

    /** A disk store's record of changes, cut or damaged: it renders what reads, and sets aside what does not. */
    @FuzzTest(maxDuration = "20s")
    void diskStoreChanges(FuzzedDataProvider data) throws IOException {
        Path root = Files.createTempDirectory("sitemapkit-fuzz-");
        try {
            DiskPageStore first = new DiskPageStore(root);
            PageStoreContract.render(first, KEY, "a", 1, 1);
            first.intend(KEY, java.util.List.of(10L));
            Path folder = DiskPageStoreTest.folder(root);
            Files.write(folder.resolve(DiskPageStore.CHANGES), data.consumeRemainingAsBytes());
            DiskPageStore again = new DiskPageStore(root);
            for (String key : again.intended()) {
                again.pending(key).keys();
            }
            again.intend(KEY, java.util.List.of(11L)); // a record that did not read never stops new changes
            if (!again.pending(KEY).keys().contains(11L)) {
                throw new AssertionError("the new change was not recorded");
            }
        } finally {
            Dirs.delete(root);
        }
    }

    @FuzzTest(maxDuration = "20s")
    void diskStoreFolder(FuzzedDataProvider data) throws IOException {
        Path root = Files.createTempDirectory("sitemapkit-fuzz-");
        try {
            DiskPageStore first = new DiskPageStore(root);
            PageStoreContract.render(first, KEY, "a", 2, 1);
            Path folder = DiskPageStoreTest.folder(root);
            byte[] meta = data.consumeBytes(4096);
            Files.write(folder.resolve(DiskPageStore.META), meta);
            Path page = DiskPageStoreTest.firstPage(folder);
            Files.write(page, data.consumeRemainingAsBytes());
            DiskPageStore again = new DiskPageStore(root);
            RenderedSection read = again.get(KEY);
            if (read != null) {
                // what it serves, it reads whole; or, metadata saying its pages were flushed, it
                // refuses a page that is not, and serves the section no more
                for (CachedPage p : read.pages()) {
                    try {
                        p.gzip();
                    } catch (UncheckedIOException e) {
                        if (!SectionCodec.pagesFlushed(meta) || again.damagedReads() == 0) {
                            throw e;
                        }
                    }
                }
                if (again.damagedReads() > 0 && again.get(KEY) != null) {
                    throw new AssertionError("a section with a damaged page is still served");
                }
            }
        } finally {
            Dirs.delete(root);
        }
    }
}
