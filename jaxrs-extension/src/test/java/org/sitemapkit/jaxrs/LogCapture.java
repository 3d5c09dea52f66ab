package org.sitemapkit.jaxrs;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import java.util.stream.Collectors;

/** Collects what the extension logs (System.Logger goes to java.util.logging here). */
final class LogCapture extends Handler implements AutoCloseable {
    private final Logger logger;
    private final List<String> lines = new CopyOnWriteArrayList<>();
    private final SimpleFormatter formatter = new SimpleFormatter();

    private LogCapture(Logger logger) {
        this.logger = logger;
    }

    static LogCapture of(String name) {
        LogCapture c = new LogCapture(Logger.getLogger(name));
        c.setLevel(Level.ALL);
        c.logger.addHandler(c);
        return c;
    }

    @Override
    public void publish(LogRecord record) {
        lines.add(record.getLevel() + " " + formatter.formatMessage(record));
    }

    List<String> lines() {
        return List.copyOf(lines);
    }

    /** The lines containing every one of {@code parts}. */
    List<String> matching(String... parts) {
        return lines.stream()
                .filter(l -> {
                    for (String p : parts) {
                        if (!l.contains(p)) {
                            return false;
                        }
                    }
                    return true;
                })
                .collect(Collectors.toList());
    }

    @Override
    public void flush() {}

    @Override
    public void close() {
        logger.removeHandler(this);
    }
}
