package org.sitemapkit.bench;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Where a contender's pages and index go. Every timed run uses {@link Dir} (files in a fresh
 * temporary directory, 64 KiB buffered, no fsync); the memory probes use {@link Discard}.
 */
interface Target {
    /** A new file {@code name} (a page or the index); the caller closes it. Thread-safe. */
    OutputStream create(String name) throws IOException;

    /** The directory files land in: a scratch one for a discarding target. */
    Path dir();

    /** Files in a directory. */
    final class Dir implements Target {
        private final Path dir;

        Dir(Path dir) {
            this.dir = dir;
        }

        @Override
        public OutputStream create(String name) throws IOException {
            return new BufferedOutputStream(Files.newOutputStream(dir.resolve(name)), 1 << 16);
        }

        @Override
        public Path dir() {
            return dir;
        }
    }

    /** Counts the bytes and drops them. */
    final class Discard implements Target {
        private final Path scratch;
        private final AtomicLong bytes = new AtomicLong();
        private final AtomicLong files = new AtomicLong();

        Discard(Path scratch) {
            this.scratch = scratch;
        }

        @Override
        public OutputStream create(String name) {
            files.incrementAndGet();
            return new OutputStream() {
                @Override
                public void write(int b) {
                    bytes.incrementAndGet();
                }

                @Override
                public void write(byte[] b, int off, int len) {
                    bytes.addAndGet(len);
                }
            };
        }

        @Override
        public Path dir() {
            return scratch;
        }

        long bytes() {
            return bytes.get();
        }

        long files() {
            return files.get();
        }
    }
}
