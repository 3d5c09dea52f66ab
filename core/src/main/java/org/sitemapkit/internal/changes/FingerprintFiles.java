package org.sitemapkit.internal.changes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.Set;
import org.sitemapkit.internal.DurableFiles;
import org.sitemapkit.internal.render.Fingerprints;

/**
 * The fingerprints of each page on disk, off the heap: one file of 12 bytes per URL, named by the
 * page's ETag in a folder per site and section. Pages with the same bytes share a file, and
 * what no render of the section lists any more is deleted.
 */
final class FingerprintFiles {
    private final Path dir;
    /** A temporary folder, deleted at close: without a disk store nothing outlives the service. */
    private final boolean temporary;

    FingerprintFiles(Path dir, boolean temporary) {
        this.dir = dir;
        this.temporary = temporary;
    }

    /** Deletes a temporary folder; a disk store's stays, so the next start can tell what changed. */
    void close() {
        if (!temporary) {
            return;
        }
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException | UncheckedIOException e) {
            System.getLogger(FingerprintFiles.class.getName())
                    .log(System.Logger.Level.DEBUG, "sitemapkit: cannot delete " + dir + ": " + e);
        }
    }

    Path directory() {
        return dir;
    }

    void keep(String key, String etag, Fingerprints fingerprints) {
        Path folder = folder(key);
        Path target = folder.resolve(etag + ".fp");
        if (Files.exists(target)) {
            return; // the same page, so the same records
        }
        try {
            Files.createDirectories(folder);
            DurableFiles.write(
                    folder, target, fingerprints.bytes(), false); // lost in a power cut: logged, nothing submitted
        } catch (IOException e) {
            throw new UncheckedIOException("cannot keep the fingerprints of page " + etag + " in " + folder, e);
        }
    }

    /** The page's fingerprints, or null when they were never kept here (another node, a restart). */
    Fingerprints read(String key, String etag) throws IOException {
        try {
            return Fingerprints.of(Files.readAllBytes(folder(key).resolve(etag + ".fp")));
        } catch (NoSuchFileException e) {
            return null;
        } catch (IllegalArgumentException e) {
            return null; // torn
        }
    }

    /** Deletes the files of pages that are in none of {@code etags}. */
    void retain(String key, Set<String> etags) {
        Path folder = folder(key);
        if (!Files.isDirectory(folder)) {
            return;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder)) {
            for (Path f : files) {
                String name = f.getFileName().toString();
                String etag = name.endsWith(".fp") ? name.substring(0, name.length() - 3) : null;
                if (etag == null || !etags.contains(etag)) {
                    Files.deleteIfExists(f);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot tidy the fingerprints in " + folder, e);
        }
    }

    /** Total bytes kept, for measuring the cost per URL. */
    long size() throws IOException {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (var walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile)
                    .mapToLong(f -> {
                        try {
                            return Files.size(f);
                        } catch (IOException e) {
                            return 0;
                        }
                    })
                    .sum();
        }
    }

    private Path folder(String key) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return dir.resolve(HexFormat.of().formatHex(d, 0, 12));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
