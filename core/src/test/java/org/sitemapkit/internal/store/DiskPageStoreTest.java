package org.sitemapkit.internal.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sitemapkit.internal.Gzip;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.render.UrlSources;
import org.sitemapkit.internal.service.SitemapService;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;

class DiskPageStoreTest extends PageStoreContract {
    @TempDir
    Path dir;

    @Override
    SectionStore store() {
        return new DiskPageStore(dir.resolve("store-" + System.nanoTime()));
    }

    @Override
    boolean shared() {
        return false;
    }

    @Override
    boolean keepsEvicted() {
        return true;
    }

    static Path folder(Path root) throws IOException {
        try (Stream<Path> folders = Files.list(root)) {
            return folders.filter(Files::isDirectory).findFirst().orElseThrow();
        }
    }

    /**
     * A render that commits while a change waits (a refresh that started before it) keeps the
     * record of that change: its files are not pages, and only the render that takes the change
     * clears it. A restart then still renders it.
     */
    @Test
    void aCommitKeepsTheRecordOfAChangeItDidNotTake() throws IOException {
        Path root = dir.resolve("record");
        DiskPageStore store = new DiskPageStore(root);
        render(store, KEY, "a", 2, 1);
        long generation = store.intend(KEY, java.util.List.of(10L));
        render(store, KEY, "b", 2, 2); // commits, and tidies the previous render's pages
        render(store, KEY, "c", 2, 3);
        assertTrue(Files.exists(folder(root).resolve(DiskPageStore.CHANGES)), "the record is still on disk");
        DiskPageStore restarted = new DiskPageStore(root);
        assertEquals(Set.of(KEY), restarted.intended());
        assertFalse(restarted.pending(KEY).covers(generation));
        assertEquals(List.of(10L), List.copyOf(restarted.pending(KEY).keys()));
    }

    @Test
    void pagesSurviveARestartAndAreReadFromTheirFiles() throws IOException {
        Path root = dir.resolve("restart");
        RenderedSection written = render(new DiskPageStore(root), KEY, "a", 3, 77);
        DiskPageStore restarted = new DiskPageStore(root);
        RenderedSection read = restarted.get(KEY);
        assertEquals(written.version(), read.version());
        for (int i = 0; i < 3; i++) {
            assertArrayEquals(written.pages().get(i).gzip(), read.pages().get(i).gzip());
        }
    }

    @Test
    void aTornWriteIsNeverServed() throws IOException {
        Path root = dir.resolve("torn");
        render(new DiskPageStore(root), KEY, "a", 2, 1);
        Path folder = folder(root);
        Files.writeString(folder.resolve(".tmp-crashed"), "half a page"); // a crash between write and rename
        assertEquals(2, new DiskPageStore(root).get(KEY).pages().size(), "the leftover is never read");

        Path meta = folder.resolve(DiskPageStore.META);
        byte[] whole = Files.readAllBytes(meta);
        Files.write(meta, Arrays.copyOf(whole, whole.length / 2)); // torn by something else
        assertNull(new DiskPageStore(root).get(KEY), "a torn section is ignored and renders anew");

        Path again = dir.resolve("torn-page");
        render(new DiskPageStore(again), KEY, "a", 2, 1);
        Path pages = folder(again);
        Path page = firstPage(pages);
        Files.delete(page);
        assertNull(new DiskPageStore(again).get(KEY), "a section missing a page is ignored, not served in part");
    }

    static Path firstPage(Path folder) throws IOException {
        try (Stream<Path> pages = Files.list(folder)) {
            return pages.filter(p -> p.toString().endsWith(".gz"))
                    .sorted()
                    .findFirst()
                    .orElseThrow();
        }
    }

    /** What a power cut can leave of a renamed file that was not flushed: nothing, or a part. */
    @Test
    void aPageFileEmptiedOrCutByAPowerCutIsNeverServed() throws IOException {
        for (int keep : new int[] {0, 10, -1}) {
            Path root = dir.resolve("power-cut-" + keep);
            render(new DiskPageStore(root), KEY, "a", 2, 50);
            tornPage(root, keep);
            assertNull(new DiskPageStore(root).get(KEY), keep + " bytes kept: the section renders anew");
        }
    }

    /**
     * Tears the first page file of the store at root: keeps its first keep bytes, or all but the
     * last with -1, or deletes it with -2.
     */
    static void tornPage(Path root, int keep) throws IOException {
        Path page = firstPage(folder(root));
        if (keep == -2) {
            Files.delete(page);
        } else {
            byte[] whole = Files.readAllBytes(page);
            Files.write(page, Arrays.copyOf(whole, keep >= 0 ? keep : whole.length - 1));
        }
    }

    /**
     * The section's metadata names its pages' files by their ETags: one that names a file outside
     * the folder, or none the file system takes, makes the section render anew, never a read
     * elsewhere or an exception (the fuzzer found the NUL).
     */
    @Test
    void aPageNameThatIsNoEtagIsRefused() throws IOException {
        for (String name : new String[] {"../../../../etc/hostname", "m\u0000", "a/b", ""}) {
            Path root = dir.resolve("bad-name-" + Math.abs(name.hashCode()));
            RenderedSection written = render(new DiskPageStore(root), KEY, "a", 1, 5);
            CachedPage p = written.pages().get(0);
            RenderedSection forged = new RenderedSection(
                    KEY,
                    written.renderedAtMillis(),
                    java.util.List.of(CachedPage.of(() -> p.gzip(), name, p.identityLength(), p.urlCount(), null, -1)),
                    java.util.Map.of());
            Files.write(folder(root).resolve(DiskPageStore.META), SectionCodec.encode(forged));
            assertNull(new DiskPageStore(root).get(KEY), "page name " + name.replace("\u0000", "NUL"));
        }
    }

    @Test
    void atStartFilesNoSectionNamesAreDeletedAndNothingElse() throws IOException {
        Path root = dir.resolve("orphans");
        render(new DiskPageStore(root), KEY, "a", 2, 1);
        Path folder = folder(root);
        Files.writeString(folder.resolve(".tmp-crashed"), "half a page");
        Files.writeString(folder.resolve("zFAILEDRENDER.gz"), "a page of a render that failed");
        Files.writeString(folder.resolve("notes.txt"), "not ours");
        Path failedFirst = Files.createDirectories(root.resolve("0123456789abcdef0123456789abcdef"));
        Files.writeString(failedFirst.resolve("zPAGE.gz"), "a first render that never saved its section");
        Path foreign = Files.createDirectories(root.resolve("backups"));
        Files.writeString(foreign.resolve("x.gz"), "not ours either");

        DiskPageStore restarted = new DiskPageStore(root);
        assertEquals(2, restarted.get(KEY).pages().size());
        assertEquals(false, Files.exists(folder.resolve(".tmp-crashed")));
        assertEquals(false, Files.exists(folder.resolve("zFAILEDRENDER.gz")));
        assertEquals(false, Files.exists(failedFirst), "a folder with no section is removed with its pages");
        assertEquals(true, Files.exists(folder.resolve("notes.txt")), "a file of another name is left alone");
        assertEquals(true, Files.exists(foreign.resolve("x.gz")), "another folder is left alone");
    }

    @Test
    void filesOfRendersTwoGenerationsOldAreDeleted() throws IOException {
        Path root = dir.resolve("tidy");
        DiskPageStore store = new DiskPageStore(root);
        RenderedSection a = render(store, KEY, "a", 2, 1);
        RenderedSection b = render(store, KEY, "b", 2, 2);
        render(store, KEY, "c", 2, 3);
        List<String> names;
        try (Stream<Path> files = Files.list(folder(root))) {
            names = files.map(p -> p.getFileName().toString()).toList();
        }
        assertTrue(names.contains(b.pages().get(0).etag() + ".gz"), "the previous render stays for readers");
        assertTrue(!names.contains(a.pages().get(0).etag() + ".gz"), "the one before is gone: " + names);
    }

    /** Bytes whose CRC-32 is {@code target}: {@code prefix} and four chosen bytes (CRC-32 is linear). */
    static byte[] withCrc(byte[] prefix, int target) {
        int[] table = new int[256];
        for (int n = 0; n < 256; n++) {
            int c = n;
            for (int k = 0; k < 8; k++) {
                c = (c & 1) != 0 ? 0xEDB88320 ^ (c >>> 1) : c >>> 1;
            }
            table[n] = c;
        }
        CRC32 crc = new CRC32();
        crc.update(prefix);
        int r = ~(int) crc.getValue();
        int want = ~target;
        int[] idx = new int[4];
        for (int i = 3; i >= 0; i--) {
            for (int j = 0; j < 256; j++) {
                if ((table[j] >>> 24) == (want >>> 24)) {
                    idx[i] = j;
                    break;
                }
            }
            want = (want ^ table[idx[i]]) << 8;
        }
        byte[] out = Arrays.copyOf(prefix, prefix.length + 4);
        for (int i = 0; i < 4; i++) {
            out[prefix.length + i] = (byte) ((r ^ idx[i]) & 0xFF);
            r = (r >>> 8) ^ table[idx[i]];
        }
        return out;
    }

    @Test
    void aPageWithAnotherPagesEtagIsStillWrittenWithItsOwnBytes() throws IOException {
        byte[] old = "<urlset><url><loc>https://a.example.com/old-product-listing</loc></url></urlset>\n"
                .getBytes(StandardCharsets.ISO_8859_1);
        CRC32 crc = new CRC32();
        crc.update(old);
        byte[] prefix = Arrays.copyOf(
                "<urlset><url><loc>https://a.example.com/NEW-product</loc></url>\n"
                        .getBytes(StandardCharsets.ISO_8859_1),
                old.length - 4);
        byte[] forged = withCrc(prefix, (int) crc.getValue());
        CachedPage first = new CachedPage(Gzip.compress(old, 6), old.length, 1, null, -1);
        CachedPage second = new CachedPage(Gzip.compress(forged, 6), forged.length, 1, null, -1);
        assertEquals(first.etag(), second.etag(), "crafted: CRC-32 and length agree");
        DiskPageStore store = new DiskPageStore(dir.resolve("crc"));
        store.keep(KEY, first);
        assertArrayEquals(second.gzip(), store.keep(KEY, second).gzip(), "the new bytes, not the old file's");
    }

    @Test
    void afterARestartTheIndexCountIsKnownWithoutAnyRequest() throws Exception {
        Path root = dir.resolve("indexes");
        Site site = Site.of("https://shop.example.com/");
        UrlSources sources = new UrlSources()
                .register(UrlSource.of(
                        "many", s -> IntStream.range(0, 50_001).mapToObj(i -> SitemapUrl.of(s.url("p/" + i)))));
        Settings settings =
                Settings.builder().maxUrls(1).renderWait(Duration.ofMinutes(2)).build();
        try (SitemapService first = new SitemapService(settings, sources, new DiskPageStore(root))) {
            first.root(site).orElseThrow();
            assertEquals(2, first.knownIndexCount(site));
        }
        try (SitemapService restarted = new SitemapService(settings, sources, new DiskPageStore(root))) {
            assertEquals(2, restarted.knownIndexCount(site), "robots.txt and /sitemap-2.xml know it at once");
        }
    }
}
