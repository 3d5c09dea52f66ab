package org.sitemapkit.internal.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
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
        asAnEarlierVersionWroteIt(again);
        Path pages = folder(again);
        Path page = firstPage(pages);
        Files.delete(page);
        assertNull(new DiskPageStore(again).get(KEY), "a section missing a page is ignored, not served in part");

        Path flushed = dir.resolve("torn-page-flushed");
        render(new DiskPageStore(flushed), KEY, "a", 2, 1);
        Files.delete(firstPage(folder(flushed)));
        DiskPageStore restarted = new DiskPageStore(flushed);
        RenderedSection read = restarted.get(KEY);
        read.pages().forEach(p -> {
            try {
                p.gzip();
            } catch (UncheckedIOException e) {
                // the missing page, refused
            }
        });
        assertEquals(1, restarted.damagedReads());
        assertNull(restarted.get(KEY), "a section missing a page is dropped once it is found, not served in part");
    }

    /**
     * Rewrites the section's metadata under {@code root} as a version before this one wrote it: the
     * same section, without the mark that its pages were flushed before it.
     */
    static void asAnEarlierVersionWroteIt(Path root) throws IOException {
        Path meta = folder(root).resolve(DiskPageStore.META);
        byte[] now = Files.readAllBytes(meta);
        assertTrue(SectionCodec.pagesFlushed(now), "this version marks its metadata");
        RenderedSection section = SectionCodec.decode(now, etag -> () -> {
            throw new IOException("not read");
        });
        byte[] before = SectionCodec.encode(section);
        assertFalse(SectionCodec.pagesFlushed(before));
        Files.write(meta, before);
    }

    /** The index of the page whose file is {@code file}. */
    static int pageOf(RenderedSection section, Path file) {
        String name = file.getFileName().toString();
        for (int i = 0; i < section.pages().size(); i++) {
            if (name.equals(section.pages().get(i).etag() + ".gz")) {
                return i;
            }
        }
        throw new AssertionError(name + " is no page of " + section);
    }

    static Path firstPage(Path folder) throws IOException {
        try (Stream<Path> pages = Files.list(folder)) {
            return pages.filter(p -> p.toString().endsWith(".gz"))
                    .sorted()
                    .findFirst()
                    .orElseThrow();
        }
    }

    /**
     * What a power cut can leave of a renamed file that was not flushed, as versions before this one
     * wrote them: nothing, or a part. Their metadata does not say the pages were flushed, so a
     * restart checks every page file's ends before it serves any.
     */
    @Test
    void aPageFileEmptiedOrCutByAPowerCutIsNeverServed() throws IOException {
        for (int keep : new int[] {0, 10, -1}) {
            Path root = dir.resolve("power-cut-" + keep);
            render(new DiskPageStore(root), KEY, "a", 2, 50);
            asAnEarlierVersionWroteIt(root);
            tornPage(root, keep);
            DiskPageStore restarted = new DiskPageStore(root);
            assertNull(restarted.get(KEY), keep + " bytes kept: the section renders anew");
            assertTrue(restarted.endsChecked() > 0, "checked at the first read, up to the torn one");
        }
        Path whole = dir.resolve("power-cut-none");
        RenderedSection written = render(new DiskPageStore(whole), KEY, "a", 2, 50);
        asAnEarlierVersionWroteIt(whole);
        DiskPageStore restarted = new DiskPageStore(whole);
        RenderedSection read = restarted.get(KEY);
        assertEquals(written.version(), read.version(), "an earlier version's whole section is served");
        assertEquals(2, restarted.endsChecked());

        // its next render flushes the pages it keeps and marks its metadata
        restarted.put(KEY, new RenderedSection("products", 51, read.pages(), read.skipped()));
        assertTrue(SectionCodec.pagesFlushed(Files.readAllBytes(folder(whole).resolve(DiskPageStore.META))));
        DiskPageStore again = new DiskPageStore(whole);
        assertArrayEquals(
                written.pages().get(1).gzip(), again.get(KEY).pages().get(1).gzip());
        assertEquals(0, again.endsChecked());
    }

    /**
     * The same damage after this version flushed the pages before their metadata (a disk's fault, a
     * hand, a restore from a backup): a restart reads no page file, so it is found when the page is
     * read to be served. It is refused, never served as the page, and the section renders anew.
     */
    @Test
    void aPageDamagedAfterItsFlushedMetadataIsFoundWhenReadAndNeverServed() throws IOException {
        for (int keep : new int[] {0, 10, -1, -2}) {
            Path root = dir.resolve("flushed-" + keep);
            RenderedSection written = render(new DiskPageStore(root), KEY, "a", 2, 50);
            int torn = pageOf(written, firstPage(folder(root)));
            tornPage(root, keep);
            DiskPageStore restarted = new DiskPageStore(root);
            RenderedSection read = restarted.get(KEY);
            assertEquals(written.version(), read.version(), keep + ": read back without opening a page file");
            assertEquals(0, restarted.endsChecked());
            assertArrayEquals(
                    written.pages().get(1 - torn).gzip(),
                    read.pages().get(1 - torn).gzip());
            assertEquals(0, restarted.damagedReads());

            UncheckedIOException refused = assertThrows(
                    UncheckedIOException.class, () -> read.pages().get(torn).gzip());
            assertTrue(
                    refused.getMessage().contains(keep == -2 ? "is missing" : keep == 0 ? "is torn" : "page file"),
                    refused.getMessage());
            assertEquals(1, restarted.damagedReads());
            assertNull(restarted.get(KEY), keep + ": the section is no longer served");
            assertNull(restarted.latest(KEY), "a render starts from nothing, keeping none of its pages");

            RenderedSection again = render(restarted, KEY, "a", 2, 51);
            assertArrayEquals(
                    written.pages().get(torn).gzip(),
                    restarted.get(KEY).pages().get(torn).gzip());
            assertArrayEquals(
                    written.pages().get(torn).gzip(),
                    new DiskPageStore(root).get(KEY).pages().get(torn).gzip(),
                    "rendered anew, the file is whole again");
            assertEquals(again.version(), restarted.get(KEY).version());
        }
    }

    /**
     * Served through the service after a restart: the request that reads the damaged page is
     * refused (a 503 for the client), and the next one gets the page rendered anew.
     */
    @Test
    void aDamagedPageIsAnsweredHonestlyThenRenderedAnew() throws Exception {
        Path root = dir.resolve("service");
        UrlSources sources = many(30);
        Settings settings = perPage(10);
        byte[] page2;
        try (SitemapService first = new SitemapService(settings, sources, new DiskPageStore(root))) {
            CachedPage p = first.page(SHOP, "many", 2).orElseThrow();
            page2 = p.gzip();
            Path file = folder(root).resolve(p.etag() + ".gz");
            Files.write(file, Arrays.copyOf(page2, page2.length / 2)); // cut after the metadata was written
        }
        DiskPageStore store = new DiskPageStore(root);
        try (SitemapService restarted = new SitemapService(settings, sources, store)) {
            CachedPage stored = restarted.page(SHOP, "many", 2).orElseThrow();
            assertThrows(UncheckedIOException.class, stored::gzip, "never served as if whole");
            assertEquals(1, store.damagedReads());
            assertArrayEquals(
                    page2, restarted.page(SHOP, "many", 2).orElseThrow().gzip(), "rendered anew");
            assertEquals(0, store.endsChecked(), "no page file was checked at start");
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
        UrlSources sources = many(50_001);
        Settings settings = perPage(1);
        try (SitemapService first = new SitemapService(settings, sources, new DiskPageStore(root))) {
            first.root(site).orElseThrow();
            assertEquals(2, first.knownIndexCount(site));
        }
        try (SitemapService restarted = new SitemapService(settings, sources, new DiskPageStore(root))) {
            assertEquals(2, restarted.knownIndexCount(site), "robots.txt and /sitemap-2.xml know it at once");
        }
    }

    static final Site SHOP = Site.of("https://shop.example.com/");

    /** A section "many" of {@code urls} URLs. */
    static UrlSources many(int urls) {
        return new UrlSources()
                .register(UrlSource.of(
                        "many", s -> IntStream.range(0, urls).mapToObj(i -> SitemapUrl.of(s.url("p/" + i)))));
    }

    /** Pages of at most {@code urls} URLs, a first render waited for as long as it takes. */
    static Settings perPage(int urls) {
        return Settings.builder()
                .maxUrls(urls)
                .renderWait(Duration.ofMinutes(2))
                .build();
    }
}
