package org.sitemapkit.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

/** File chores of the test harnesses (temp dirs, copy, delete, zip, unzip) with IOExceptions unchecked, so tests stay short. */
public final class Dirs {

    private Dirs() {}

    /** A new empty directory under the system's temporary directory, named {@code prefix} and a random part. */
    public static Path createTemp(String prefix) {
        try {
            return Files.createTempDirectory(prefix);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The directory and its missing parents. */
    public static void createDirectories(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Deletes a file or a whole tree; nothing if it does not exist. */
    public static void delete(Path path) {
        if (!Files.exists(path)) {
            return;
        }
        try (Stream<Path> all = Files.walk(path)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes {@code text} as UTF-8, replacing the file; an I/O error is unchecked. */
    public static void write(Path file, String text) {
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static void copy(Path file, Path target) {
        try {
            Files.createDirectories(target.getParent());
            Files.copy(file, target);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Copies the contents of {@code from} into {@code to}, creating it. */
    public static void copyTree(Path from, Path to) {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.createDirectories(target.getParent());
                    Files.copy(p, target);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The regular files under {@code dir} whose names end with {@code suffix}, sorted so builds repeat. */
    public static List<Path> files(Path dir, String suffix) {
        try (Stream<Path> all = Files.walk(dir)) {
            return all.filter(Files::isRegularFile)
                    .filter(p -> p.getFileName().toString().endsWith(suffix))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Zips the contents of {@code dir} (forward slashes, directories as entries) into {@code zip}. */
    public static void zip(Path dir, Path zip) {
        try (Stream<Path> all = Files.walk(dir);
                OutputStream file = Files.newOutputStream(zip);
                ZipOutputStream out = new ZipOutputStream(file)) {
            for (Path p : all.sorted().toList()) {
                if (p.equals(dir)) {
                    continue;
                }
                String name = dir.relativize(p).toString().replace('\\', '/');
                if (Files.isDirectory(p)) {
                    out.putNextEntry(new ZipEntry(name + "/"));
                } else {
                    out.putNextEntry(new ZipEntry(name));
                    Files.copy(p, out);
                }
                out.closeEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Unpacks a zip (a WAR) into {@code dir}, refusing entries that would land outside it. */
    public static void unzip(Path zip, Path dir) {
        try (InputStream file = Files.newInputStream(zip);
                ZipInputStream in = new ZipInputStream(file)) {
            for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                Path target = dir.resolve(e.getName()).normalize();
                if (!target.startsWith(dir)) {
                    throw new IOException("entry outside the target directory: " + e.getName());
                }
                if (e.isDirectory()) {
                    Files.createDirectories(target);
                } else {
                    Files.createDirectories(target.getParent());
                    Files.copy(in, target);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
