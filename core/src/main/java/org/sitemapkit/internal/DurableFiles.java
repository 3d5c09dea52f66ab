package org.sitemapkit.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.UUID;

/**
 * Files that survive a crash: written whole under a temporary name and renamed, flushed to the
 * device when asked. The disk store's pages and the files kept beside them. Not an API.
 */
public final class DurableFiles {
    private DurableFiles() {}

    /**
     * Writes under a temporary name, then renames: a reader sees the whole file or none. When
     * {@code durable}, the bytes reach the device before the rename, and the rename before this
     * returns, so a power cut leaves the old file or the new one, never an empty or torn one.
     */
    public static void write(Path folder, Path target, byte[] bytes, boolean durable) throws IOException {
        Path tmp = folder.resolve(".tmp-" + UUID.randomUUID());
        try {
            try (FileChannel out = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                ByteBuffer buffer = ByteBuffer.wrap(bytes);
                while (buffer.hasRemaining()) {
                    out.write(buffer);
                }
                if (durable) {
                    out.force(true);
                }
            }
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            if (durable) {
                sync(folder);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Flushes a file, or a folder's entries, to the device. */
    public static void sync(Path path) throws IOException {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException e) {
            if (Files.isDirectory(path)) {
                return; // some systems cannot open a folder to flush it; the rename is still atomic there
            }
            throw e;
        }
    }
}
