package org.sitemapkit.internal.store;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InterruptedIOException;
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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Pattern;
import org.sitemapkit.internal.DurableFiles;
import org.sitemapkit.internal.Threads;

/**
 * Pages kept as files, so they survive a restart and the heap does not grow with the site: only
 * each section's small metadata is held, and a page is read from its file when it is served.
 *
 * <p>Each section has a folder named by a hash of its key, holding one {@code <etag>.gz} file per
 * page (written once, under a temporary name, then renamed) and {@code section.meta}, replaced by
 * an atomic rename after every page of the render is on the device: the page files are flushed
 * ({@code fsync}), several at once, then the folder, before the new metadata is written, and the
 * metadata and the folder after it, so a power cut, not only a killed process, leaves either the
 * old metadata or the new one, and the pages either names. The metadata's format says so ({@code SectionCodec}), and a
 * restart then reads no page file before serving: each page is checked as it is read to be served
 * (a page file missing, or whose gzip trailer, the CRC-32 and length of the page, does not match
 * its ETag) and a damaged one is never served: the section is dropped and renders anew. Metadata of
 * an earlier version, which did not flush its pages, has every page file's ends checked before the
 * section is served, as a power cut leaves a file empty, cut or full of zeros. Files of
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
     * Sections held as read from metadata of an earlier version, whose page files may not be on the
     * device: their next render flushes the files it keeps of them.
     */
    private final Set<String> unflushed = ConcurrentHashMap.newKeySet();
    /** Sections a page of which was found damaged when read: not served until rendered anew. */
    private final Set<String> damaged = ConcurrentHashMap.newKeySet();
    /** Damaged page files found when read, since this store started. */
    private final AtomicLong damagedReads = new AtomicLong();
    /** Page files whose ends were checked when their section was read back, since this store started. */
    private final AtomicLong endsChecked = new AtomicLong();

    /**
     * Page files flushed at once when a render commits. A flush waits mostly on the device, and a
     * file system commits the flushes that wait together at once: page files of 170 KB took 4.3 to
     * 4.8 ms each one at a time on a virtual disk (ext4), about 0.5 ms eight at a time.
     */
    private static final int FLUSHES_AT_ONCE = 8;
    /** The application's threads, once given; else {@link #own}. */
    private volatile Executor tasks;
    /** Threads of the store's own, made at the first commit that needs them when none were given. */
    private Threads own;

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
        if (damaged.contains(key)) {
            return null; // a page of it was found damaged: it renders anew before it is served again
        }
        Path folder = folder(key);
        try {
            byte[] meta = Files.readAllBytes(folder.resolve(META));
            RenderedSection read = SectionCodec.decode(meta, etag -> body(key, folder.resolve(etag + ".gz"), etag));
            // Pages flushed before their metadata are checked as they are read, so a restart opens
            // none of them; an earlier version's are checked here, every one, before any is served.
            boolean flushed = SectionCodec.pagesFlushed(meta);
            if (!flushed) {
                for (CachedPage p : read.pages()) {
                    checkIntact(folder.resolve(p.etag() + ".gz"), p.etag());
                }
            }
            RenderedSection raced = sections.putIfAbsent(key, read);
            if (raced != null) {
                return raced;
            }
            if (!flushed) {
                unflushed.add(key);
            }
            return read;
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
                DurableFiles.write(folder, file, page.gzip(), false); // flushed with the others by put()
            }
        } catch (IOException e) {
            deleteUnsaved(key); // a full disk must not stay full of a render that failed
            throw new UncheckedIOException("cannot write a page to " + folder + ": " + e.getMessage(), e);
        }
        return page.stored(body(key, file, page.etag()));
    }

    @Override
    public void put(String key, RenderedSection section) {
        Path folder = folder(key);
        try {
            Files.createDirectories(folder);
            // Every page's bytes, then their names, on the device before metadata that says so: a
            // restart serves the pages without reading them first. Flushed together, not one by
            // one as they are written: 1,000 pages one by one would add seconds to a render.
            flushPages(key, folder, section);
            DurableFiles.sync(folder);
            DurableFiles.write(folder, folder.resolve(META), SectionCodec.encode(section, true), true);
        } catch (IOException e) {
            deleteUnsaved(key);
            throw new UncheckedIOException("cannot write the section to " + folder + ": " + e.getMessage(), e);
        }
        unsaved.remove(key);
        unflushed.remove(key);
        damaged.remove(key);
        RenderedSection old = sections.put(key, section);
        if (old != null) {
            deleteUnused(folder, section, old);
        }
    }

    @Override
    public void remove(String key) {
        sections.remove(key);
        unsaved.remove(key);
        unflushed.remove(key);
        damaged.remove(key);
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

    /**
     * Flushes to the device each page file the section names that may not be there yet: those this
     * render wrote, and any other but those of the section it replaces when that one's were flushed
     * too. A file a render of an earlier version wrote costs one flush here, once.
     */
    private void flushPages(String key, Path folder, RenderedSection section) throws IOException {
        Set<Path> written = unsaved.getOrDefault(key, Set.of());
        RenderedSection before = sections.get(key);
        Set<String> flushed = new HashSet<>();
        if (before != null && !unflushed.contains(key)) {
            before.pages().forEach(p -> flushed.add(p.etag()));
        }
        List<Path> files = new ArrayList<>();
        for (CachedPage p : section.pages()) {
            Path file = folder.resolve(p.etag() + ".gz");
            if (written.contains(file) || !flushed.contains(p.etag())) {
                files.add(file);
            }
        }
        Flush flush = new Flush(files);
        for (int i = 1; i < Math.min(FLUSHES_AT_ONCE, files.size()); i++) {
            try {
                tasks().execute(flush::run);
            } catch (RejectedExecutionException e) {
                break; // the threads are closing: this one flushes the rest
            }
        }
        flush.run();
        Path missing = flush.await();
        if (missing != null) {
            // a page kept from the render before, whose file is gone: that render is damaged too
            String name = missing.getFileName().toString();
            throw damaged(key, missing, name.substring(0, name.length() - ".gz".length()), "is missing");
        }
    }

    /**
     * Flushes files on as many threads as run it: each takes the next file. A thread that starts
     * late finds nothing left, so the one that waits waits only for the files being flushed.
     */
    private static final class Flush {
        private final List<Path> files;
        private final AtomicInteger next = new AtomicInteger();
        private final CountDownLatch left;
        private final AtomicReference<IOException> failed = new AtomicReference<>();
        private final AtomicReference<Path> missing = new AtomicReference<>();

        Flush(List<Path> files) {
            this.files = files;
            this.left = new CountDownLatch(files.size());
        }

        void run() {
            for (int i = next.getAndIncrement(); i < files.size(); i = next.getAndIncrement()) {
                Path file = files.get(i);
                try {
                    DurableFiles.sync(file);
                } catch (NoSuchFileException e) {
                    missing.compareAndSet(null, file);
                } catch (IOException e) {
                    failed.compareAndSet(null, e);
                } catch (RuntimeException e) {
                    failed.compareAndSet(null, new IOException("cannot flush " + file + ": " + e, e));
                } finally {
                    left.countDown();
                }
            }
        }

        /** Waits for every file; returns a file found missing, or null, or fails as a flush failed. */
        Path await() throws IOException {
            try {
                left.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while flushing the pages");
            }
            if (failed.get() != null) {
                throw failed.get();
            }
            return missing.get();
        }
    }

    private synchronized Executor tasks() {
        if (tasks == null) {
            own = Threads.of(null);
            tasks = own.tasks();
        }
        return tasks;
    }

    /** The commits' flushes run on the application's threads from now on. */
    @Override
    public void threads(Threads threads) {
        tasks = threads.tasks();
    }

    @Override
    public synchronized void close() {
        if (own != null) {
            own.close();
        }
    }

    /**
     * A page's bytes as its file holds them, once they are found to be the page its ETag names: a
     * file gone, cut, emptied or overwritten since its metadata was written is never served as the
     * page; its section is dropped and renders anew.
     */
    private CachedPage.Body body(String key, Path file, String etag) {
        return () -> {
            byte[] gzip;
            try {
                gzip = Files.readAllBytes(file);
            } catch (NoSuchFileException e) {
                throw damaged(key, file, etag, "is missing");
            } catch (IOException e) {
                throw damaged(key, file, etag, "cannot be read (" + e.getMessage() + ")");
            }
            String problem = problem(gzip, gzip.length, etag);
            if (problem != null) {
                throw damaged(key, file, etag, problem);
            }
            return gzip;
        };
    }

    /**
     * Drops the section a damaged page file belongs to, so that it renders anew instead of being
     * served, logs it once, and returns the error for the one who read it.
     */
    private IOException damaged(String key, Path file, String etag, String problem) {
        long found = damagedReads.incrementAndGet();
        RenderedSection current = sections.get(key);
        boolean names = current == null
                || current.pages().stream().anyMatch(p -> p.etag().equals(etag));
        // marked before it is dropped: a request meanwhile does not read the same metadata back
        boolean first = names && damaged.add(key);
        if (names && current != null) {
            sections.remove(key, current);
        }
        IOException e = new IOException("page file " + file.getFileName() + " " + problem);
        LOG.log(
                first ? Level.WARNING : Level.DEBUG,
                "sitemapkit: page file {0} in {1} {2}: not served; the section renders anew ({3} damaged page"
                        + " files found by this store)",
                file.getFileName(),
                file.getParent(),
                problem,
                found);
        return e;
    }

    /**
     * Fails unless {@code file} is a whole gzip member whose trailer (CRC-32 and length of the
     * page) is the one its ETag records: a file torn by a power cut is not served.
     */
    private void checkIntact(Path file, String etag) throws IOException {
        endsChecked.incrementAndGet();
        byte[] whole = new byte[18];
        long size;
        try {
            size = file.getFileSystem() == FileSystems.getDefault() ? ends(file.toFile(), whole) : ends(file, whole);
        } catch (NoSuchFileException e) {
            // not the NoSuchFileException of a section never stored: the metadata names this file
            throw new IOException("page file " + file.getFileName() + " is missing", e);
        }
        String problem = problem(whole, size, etag);
        if (problem != null) {
            throw new IOException("page file " + file.getFileName() + " " + problem);
        }
    }

    /**
     * Why a page file of {@code size} bytes, whose first two and last eight bytes begin and end
     * {@code ends}, is not the gzip member its ETag names; null when it is.
     */
    private static String problem(byte[] ends, long size, String etag) {
        if (size < 18) {
            return "is torn (" + size + " bytes)";
        }
        if ((ends[0] & 0xff) != 0x1f
                || (ends[1] & 0xff) != 0x8b
                || !Digests.etagOfGzip(ends).equals(etag)) {
            return "does not hold the page its ETag names";
        }
        return null;
    }

    /** Damaged page files found as they were read, since this store started. */
    long damagedReads() {
        return damagedReads.get();
    }

    /** Page files whose ends were checked when their section was read back, since this store started. */
    long endsChecked() {
        return endsChecked.get();
    }

    /**
     * Reads a file's first 2 and last 8 bytes into {@code whole} (at 0 and 10) and returns its size;
     * fewer than 18 bytes are not read. Through {@code RandomAccessFile} on the default file system:
     * a restart over an earlier version's metadata checks every page before its first answer, and
     * that is the way with the fewest calls to the system's.
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
