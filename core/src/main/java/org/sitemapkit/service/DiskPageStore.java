package org.sitemapkit.service;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Pages kept as files, so they survive a restart and the heap does not grow with the site: only
 * each section's small metadata is held, and a page is read from its file when it is served.
 *
 * <p>Each section has a folder named by a hash of its key, holding one {@code <etag>.gz} file per
 * page (written once, under a temporary name, then renamed) and {@code section.meta}, replaced by
 * an atomic rename after every page of the render is on disk. A crash therefore leaves either the
 * old section or the new one, never a torn page that gets served; files of earlier renders are
 * deleted one render later, so a request still reading the previous render finds its pages.
 */
public final class DiskPageStore implements PageStore {
    private static final System.Logger LOG = System.getLogger(DiskPageStore.class.getName());
    static final String META = "section.meta";

    private final Path dir;
    private final ConcurrentHashMap<String, RenderedSection> sections = new ConcurrentHashMap<>();

    /**
     * A store in {@code dir}, which is created if absent; pages found there from an earlier run are
     * served until they are rendered again.
     *
     * @param dir the directory, used by this store alone
     * @throws UncheckedIOException if the directory cannot be created
     */
    public DiskPageStore(Path dir) {
        try {
            this.dir = Files.createDirectories(dir).toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the page directory " + dir + ": " + e.getMessage(), e);
        }
    }

    /** Where the pages are: delete it while the application is stopped to clear the store. */
    Path directory() {
        return dir;
    }

    @Override
    public RenderedSection get(String key) {
        RenderedSection s = sections.get(key);
        if (s != null) {
            return s;
        }
        Path folder = folder(key);
        try {
            byte[] meta = Files.readAllBytes(folder.resolve(META));
            RenderedSection read = SectionCodec.decode(meta, etag -> body(folder.resolve(etag + ".gz")));
            for (CachedPage p : read.pages()) {
                if (!Files.isRegularFile(folder.resolve(p.etag() + ".gz"))) {
                    throw new IOException("page file " + p.etag() + ".gz is missing");
                }
            }
            RenderedSection raced = sections.putIfAbsent(key, read);
            return raced != null ? raced : read;
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            LOG.log(
                    Level.WARNING,
                    "sitemapkit: ignoring the stored pages in {0}: {1}; the section renders anew",
                    folder,
                    e.getMessage());
            return null;
        }
    }

    @Override
    public CachedPage keep(String key, CachedPage page) {
        Path folder = folder(key);
        Path file = folder.resolve(page.etag() + ".gz");
        try {
            Files.createDirectories(folder);
            // the ETag (CRC-32 and length) names the file; the bytes decide whether it must be written
            if (!Files.isRegularFile(file) || !java.util.Arrays.equals(Files.readAllBytes(file), page.gzip())) {
                write(folder, file, page.gzip());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write a page to " + folder + ": " + e.getMessage(), e);
        }
        return page.stored(body(file));
    }

    @Override
    public void put(String key, RenderedSection section) {
        Path folder = folder(key);
        try {
            Files.createDirectories(folder);
            write(folder, folder.resolve(META), SectionCodec.encode(section));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the section to " + folder + ": " + e.getMessage(), e);
        }
        RenderedSection old = sections.put(key, section);
        if (old != null) {
            deleteUnused(folder, section, old);
        }
    }

    @Override
    public void remove(String key) {
        sections.remove(key);
        Path folder = folder(key);
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder)) {
            for (Path f : files) {
                Files.deleteIfExists(f);
            }
            Files.deleteIfExists(folder);
        } catch (NoSuchFileException e) {
            // nothing stored
        } catch (IOException e) {
            LOG.log(Level.WARNING, "sitemapkit: cannot delete {0}: {1}", folder, e.getMessage());
        }
    }

    /** Only the metadata leaves the heap; the files stay, for this node's restart. */
    @Override
    public void evicted(String key) {
        sections.remove(key);
    }

    private static CachedPage.Body body(Path file) {
        return () -> Files.readAllBytes(file);
    }

    /** Write under a temporary name, then rename: a reader sees the old file or the new, whole. */
    /** Writes under a temporary name, then renames: a reader sees the whole file or none. */
    static void write(Path folder, Path target, byte[] bytes) throws IOException {
        Path tmp = folder.resolve(".tmp-" + UUID.randomUUID());
        try {
            Files.write(tmp, bytes);
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private static void deleteUnused(Path folder, RenderedSection current, RenderedSection previous) {
        Set<String> keep = new HashSet<>();
        keep.add(META);
        current.pages().forEach(p -> keep.add(p.etag() + ".gz"));
        previous.pages().forEach(p -> keep.add(p.etag() + ".gz"));
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder)) {
            for (Path f : files) {
                if (!keep.contains(f.getFileName().toString())) {
                    Files.deleteIfExists(f);
                }
            }
        } catch (IOException e) {
            LOG.log(Level.DEBUG, "sitemapkit: cannot tidy {0}: {1}", folder, e.getMessage());
        }
    }

    private Path folder(String key) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return dir.resolve(HexFormat.of().formatHex(hash, 0, 16));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    @Override
    public String toString() {
        return "disk store in " + dir;
    }
}
