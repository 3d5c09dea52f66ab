package org.sitemapkit.servers;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import java.util.logging.StreamHandler;
import org.sitemapkit.testsupport.Dirs;

/**
 * The log file of a server running in this JVM: java.util.logging (which Tomcat, Jersey, Weld and SitemapKit all
 * end up in) and System.err (where {@code printStackTrace()} goes) are copied to one file while it runs, as a child
 * process's output would be. Not System.out: the tests print the log's tail there, which must not feed the log.
 */
final class InProcessLog implements AutoCloseable {

    private final Path file;
    private final OutputStream out;
    private final Handler handler;
    private final PrintStream oldErr = System.err;

    private InProcessLog(Path file) {
        this.file = file;
        try {
            Dirs.createDirectories(file.getParent());
            this.out = new FileOutputStream(file.toFile(), false);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        this.handler = new StreamHandler(out, new SimpleFormatter()) {
            @Override
            public synchronized void publish(LogRecord record) {
                super.publish(record);
                flush();
            }
        };
        handler.setLevel(Level.ALL);
        try {
            handler.setEncoding(StandardCharsets.UTF_8.name());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Logger.getLogger("").addHandler(handler);
        System.setErr(new PrintStream(new Tee(oldErr, out), true, StandardCharsets.UTF_8));
    }

    /** Starts capturing into {@code file}, replacing what it held. */
    static InProcessLog start(Path file) {
        return new InProcessLog(file);
    }

    Path file() {
        return file;
    }

    @Override
    public void close() {
        System.setErr(oldErr);
        Logger.getLogger("").removeHandler(handler);
        handler.close();
    }

    /** Writes to the console as before and to the log file; the file is shared with the log handler. */
    private static final class Tee extends OutputStream {
        private final OutputStream console;
        private final OutputStream file;

        Tee(OutputStream console, OutputStream file) {
            this.console = console;
            this.file = file;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            console.write(b, off, len);
            synchronized (file) {
                file.write(b, off, len);
            }
        }

        @Override
        public void flush() throws IOException {
            console.flush();
            synchronized (file) {
                file.flush();
            }
        }
    }
}
