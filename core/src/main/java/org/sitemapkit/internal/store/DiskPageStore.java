package org.sitemapkit.internal.store;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.sitemapkit.internal.DurableFiles;

/**
 * Pages kept as files, so they survive a restart and the heap does not grow with the site: only
 * each section's small metadata is held, and a page is read from its file when it is served.
 *
 * <p>Each section has a folder named by a hash of its key, holding one {@code <etag>.gz} file per
 * page (written once, under a temporary name, then renamed) and {@code section.meta}, replaced by
 * an atomic rename after every page of the render is on disk. The folder is flushed to the device
 * ({@code fsync}) before the new metadata is written, and the metadata and the folder after it, so
 * a power cut, not only a killed process, leaves either the old metadata or the new one. Page files
 * are not flushed one by one; when a section is read back, a page file whose gzip trailer (the
 * CRC-32 and length of the page) does not match its ETag, as a power cut leaves a file empty, cut
 * or full of zeros, makes the section render anew instead of being served. Files of
 * earlier renders are deleted one render later, so a request still reading the previous render
 * finds its pages; the files of a render that failed are deleted when it fails on a write (a full
 * disk), else by the next render that succeeds, and files no metadata names are deleted at start.
 *
 * <p>A change acknowledged by an invalidation is written to the section's {@code changes.pending}
 * and flushed to the device before the invalidation returns, and cleared once a render took it: a
 * restart, even after a power cut, renders what the last run acknowledged and did not render.
 */
public final class DiskPageStore implements SectionStore {
    private static final System.Logger LOG = System.getLogger(DiskPageStore.class.getName());
    static final String META = "section.meta";
    /** A section's changes not rendered yet: a line naming the section, then a {@link PendingChanges} record. */
    static final String CHANGES = "changes.pending";

    private static final String SECTION_LINE = "section ";

    /** A section's folder: the first 16 bytes of the SHA-256 of its key, in hex. */
    private static final Pattern FOLDER = Pattern.compile("[0-9a-f]{32}");

    private final Path dir;
    private final ConcurrentHashMap<String, RenderedSection> sections = new ConcurrentHashMap<>();
    /** Each section's record of changes not rendered yet, as its file holds it; the file's lock too. */
    private final ConcurrentHashMap<String, PendingChanges> changes = new ConcurrentHashMap<>();
    /** Sections whose folder holds changes not rendered yet, found at start or recorded since. */
    private final Set<String> intended = ConcurrentHashMap.newKeySet();
    /** Page files a render in progress wrote and no metadata names yet, by section key. */
    private final ConcurrentHashMap<String, Set<Path>> unsaved = new ConcurrentHashMap<>();

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
        deleteOrphans();
    }

    /**
     * Deletes what a crash, a kill or a failed render left behind: temporary files, and page files
     * no section's metadata names. Only this store's own folders and file names are touched.
     */
    private void deleteOrphans() {
        long files = 0;
        long bytes = 0;
        try (DirectoryStream<Path> folders = Files.newDirectoryStream(dir)) {
            for (Path folder : folders) {
                if (!Files.isDirectory(folder)
                        || !FOLDER.matcher(folder.getFileName().toString()).matches()) {
                    continue;
                }
                Set<String> named = named(folder);
                readChanges(folder);
                try (DirectoryStream<Path> inFolder = Files.newDirectoryStream(folder)) {
                    for (Path f : inFolder) {
                        String name = f.getFileName().toString();
                        boolean ours = name.startsWith(".tmp-") || name.endsWith(".gz");
                        if (ours && !named.contains(name) && Files.isRegularFile(f)) {
                            long size = Files.size(f);
                            Files.deleteIfExists(f);
                            files++;
                            bytes += size;
                        }
                    }
                }
                if (named.isEmpty()) {
                    try {
                        Files.deleteIfExists(folder); // only when nothing else is in it
                    } catch (DirectoryNotEmptyException e) {
                        // a file that is not ours: left alone
                    }
                }
            }
        } catch (IOException e) {
            LOG.log(Level.WARNING, "sitemapkit: cannot tidy the page directory {0}: {1}", dir, e.getMessage());
        }
        if (files > 0) {
            LOG.log(
                    Level.INFO,
                    "sitemapkit: deleted {0} files ({1} bytes) in {2} that no stored section names (left by a"
                            + " crash or a failed render)",
                    files,
                    bytes,
                    dir);
        }
    }

    /** The files the folder's metadata names; none when it has none, or none that reads. */
    private static Set<String> named(Path folder) {
        Set<String> names = new HashSet<>();
        try {
            RenderedSection s = SectionCodec.decode(Files.readAllBytes(folder.resolve(META)), etag -> () -> {
                throw new IOException("not read");
            });
            names.add(META);
            s.pages().forEach(p -> names.add(p.etag() + ".gz"));
        } catch (IOException | RuntimeException e) {
            // no metadata, or metadata that does not read: none of the pages can be served
        }
        return names;
    }

    /**
     * Reads a folder's record of changes left by the last run, so that this one renders them. A
     * record that does not read is kept aside under another name and logged: its section renders
     * whole at the next change or cache-ttl, as it would have without a record.
     */
    private void readChanges(Path folder) {
        Path file = folder.resolve(CHANGES);
        try {
            String[] text = Files.readString(file, StandardCharsets.UTF_8).split("\n", 2);
            if (text.length < 2 || !text[0].startsWith(SECTION_LINE)) {
                throw new IOException("no section line");
            }
            String key = text[0].substring(SECTION_LINE.length());
            if (!folder.equals(folder(key))) {
                throw new IOException("it names a section of another folder");
            }
            PendingChanges record = PendingChanges.decode(text[1]);
            changes.put(key, record);
            if (!record.isEmpty()) {
                intended.add(key);
            }
        } catch (NoSuchFileException e) {
            // no change was recorded here
        } catch (IOException | RuntimeException e) {
            LOG.log(
                    Level.WARNING,
                    "sitemapkit: ignoring the record of changes {0}: {1}; renamed to {2}.bad",
                    file,
                    e.getMessage(),
                    CHANGES);
            try {
                Files.move(file, folder.resolve(CHANGES + ".bad"), StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException moved) {
                LOG.log(Level.DEBUG, "sitemapkit: cannot rename {0}: {1}", file, moved.getMessage());
            }
        }
    }

    /**
     * Writes the change to the section's folder and flushes it to the device before returning, so
     * that a restart renders it even after a power cut.
     */
    @Override
    public long intend(String key, Collection<Long> changedKeys) {
        try {
            return changes.compute(key, (k, old) -> {
                        PendingChanges next = (old == null ? PendingChanges.NONE : old).plus(changedKeys);
                        writeChanges(k, next);
                        intended.add(k);
                        return next;
                    })
                    .generation();
        } catch (UncheckedIOException e) {
            LOG.log(
                    Level.WARNING,
                    "sitemapkit: cannot record a change of {0} in {1}: {2}; rendered by this run only",
                    key,
                    dir,
                    e.getCause().getMessage());
            return 0;
        }
    }

    @Override
    public PendingChanges pending(String key) {
        return changes.getOrDefault(key, PendingChanges.NONE);
    }

    @Override
    public void rendered(String key, PendingChanges snapshot) {
        try {
            changes.computeIfPresent(key, (k, old) -> {
                PendingChanges left = old.minus(snapshot);
                writeChanges(k, left);
                if (left.isEmpty()) {
                    intended.remove(k);
                }
                return left;
            });
        } catch (UncheckedIOException e) {
            LOG.log(
                    Level.DEBUG,
                    "sitemapkit: cannot update the record of changes of {0}: {1}; they render again",
                    key,
                    e.getCause().getMessage());
        }
    }

    @Override
    public Set<String> intended() {
        return Set.copyOf(intended);
    }

    @Override
    public boolean recordsChanges() {
        return true;
    }

    private void writeChanges(String key, PendingChanges record) {
        Path folder = folder(key);
        try {
            Files.createDirectories(folder);
            byte[] bytes = (SECTION_LINE + key + "\n" + record.encode()).getBytes(StandardCharsets.UTF_8);
            DurableFiles.write(folder, folder.resolve(CHANGES), bytes, true);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Where the pages are: delete it while the application is stopped to clear the store. */
    public Path directory() {
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
                checkIntact(folder.resolve(p.etag() + ".gz"), p.etag());
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
            if (!Files.isRegularFile(file) || !Arrays.equals(Files.readAllBytes(file), page.gzip())) {
                unsaved.computeIfAbsent(key, k -> ConcurrentHashMap.newKeySet()).add(file);
                DurableFiles.write(folder, file, page.gzip(), false);
            }
        } catch (IOException e) {
            deleteUnsaved(key); // a full disk must not stay full of a render that failed
            throw new UncheckedIOException("cannot write a page to " + folder + ": " + e.getMessage(), e);
        }
        return page.stored(body(file));
    }

    @Override
    public void put(String key, RenderedSection section) {
        Path folder = folder(key);
        try {
            Files.createDirectories(folder);
            // The pages' names on the device before metadata that names them. Their bytes are not
            // flushed one by one (50,000 small pages would take 50,000 flushes): a page a power cut
            // tore is found by its trailer when the section is read back, and rendered anew.
            DurableFiles.sync(folder);
            DurableFiles.write(folder, folder.resolve(META), SectionCodec.encode(section), true);
        } catch (IOException e) {
            deleteUnsaved(key);
            throw new UncheckedIOException("cannot write the section to " + folder + ": " + e.getMessage(), e);
        }
        unsaved.remove(key);
        RenderedSection old = sections.put(key, section);
        if (old != null) {
            deleteUnused(folder, section, old);
        }
    }

    @Override
    public void remove(String key) {
        sections.remove(key);
        unsaved.remove(key);
        changes.remove(key);
        intended.remove(key);
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

    /**
     * Fails unless {@code file} is a whole gzip member whose trailer (CRC-32 and length of the
     * page) is the one its ETag records: a file torn by a power cut is not served.
     */
    private static void checkIntact(Path file, String etag) throws IOException {
        byte[] whole = new byte[18];
        long size;
        try {
            size = file.getFileSystem() == FileSystems.getDefault() ? ends(file.toFile(), whole) : ends(file, whole);
        } catch (NoSuchFileException e) {
            // not the NoSuchFileException of a section never stored: the metadata names this file
            throw new IOException("page file " + file.getFileName() + " is missing", e);
        }
        if (size < 18) {
            throw new IOException("page file " + file.getFileName() + " is torn (" + size + " bytes)");
        }
        if ((whole[0] & 0xff) != 0x1f
                || (whole[1] & 0xff) != 0x8b
                || !Digests.etagOfGzip(whole).equals(etag)) {
            throw new IOException("page file " + file.getFileName() + " does not hold the page its ETag names");
        }
    }

    /**
     * Reads a file's first 2 and last 8 bytes into {@code whole} (at 0 and 10) and returns its size;
     * fewer than 18 bytes are not read. Through {@code RandomAccessFile} on the default file system:
     * a restart checks every page before its first answer, and that is the way with the fewest
     * calls to the system's.
     */
    private static long ends(java.io.File file, byte[] whole) throws IOException {
        try (RandomAccessFile in = new RandomAccessFile(file, "r")) {
            long size = in.length();
            if (size >= 18) {
                in.readFully(whole, 0, 2);
                in.seek(size - 8);
                in.readFully(whole, 10, 8);
            }
            return size;
        } catch (FileNotFoundException e) {
            // RandomAccessFile says this of a missing file, a directory and an unreadable file alike
            if (!file.isFile()) {
                throw new NoSuchFileException(file.toString());
            }
            throw new IOException("page file " + file.getName() + " cannot be read: " + e.getMessage(), e);
        }
    }

    /** {@link #ends(java.io.File, byte[])} on any other file system (a zip file system, Jimfs). */
    private static long ends(Path file, byte[] whole) throws IOException {
        try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = in.size();
            ByteBuffer head = ByteBuffer.wrap(whole, 0, 2);
            ByteBuffer trailer = ByteBuffer.wrap(whole, 10, 8);
            if (size >= 18 && (in.read(head, 0) != 2 || in.read(trailer, size - 8) != 8)) {
                return 0; // shorter than it said: torn
            }
            return size;
        }
    }

    /** Deletes the page files of a render that failed before its metadata named them. */
    private void deleteUnsaved(String key) {
        Set<Path> files = unsaved.remove(key);
        if (files == null) {
            return;
        }
        RenderedSection current = sections.get(key);
        Set<String> inUse = new HashSet<>();
        if (current != null) {
            current.pages().forEach(p -> inUse.add(p.etag() + ".gz"));
        }
        for (Path f : files) {
            try {
                if (!inUse.contains(f.getFileName().toString())) {
                    Files.deleteIfExists(f);
                }
            } catch (IOException e) {
                LOG.log(Level.DEBUG, "sitemapkit: cannot delete {0}: {1}", f, e.getMessage());
            }
        }
    }

    private static void deleteUnused(Path folder, RenderedSection current, RenderedSection previous) {
        Set<String> keep = new HashSet<>();
        keep.add(META);
        current.pages().forEach(p -> keep.add(p.etag() + ".gz"));
        previous.pages().forEach(p -> keep.add(p.etag() + ".gz"));
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder)) {
            for (Path f : files) {
                String name = f.getFileName().toString();
                // only page files: the record of changes, and a record being written, are not pages
                if (name.endsWith(".gz") && !keep.contains(name)) {
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
