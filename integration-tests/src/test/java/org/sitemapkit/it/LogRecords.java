package org.sitemapkit.it;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import java.util.stream.Collectors;

/**
 * What SitemapKit logs at a level or above while this is open, as formatted messages: its
 * System.Logger lines reach java.util.logging here, from the test's class loader and the web
 * applications' alike.
 */
final class LogRecords extends Handler implements AutoCloseable {
    private final Logger logger = Logger.getLogger("org.sitemapkit");
    private final Level level;
    private final List<String> messages = new CopyOnWriteArrayList<>();
    private final SimpleFormatter formatter = new SimpleFormatter();

    private LogRecords(Level level) {
        this.level = level;
        logger.addHandler(this);
    }

    static LogRecords atLeast(Level level) {
        return new LogRecords(level);
    }

    @Override
    public void publish(LogRecord r) {
        if (r.getLevel().intValue() >= level.intValue()) {
            messages.add(formatter.formatMessage(r));
        }
    }

    /** The messages so far that contain {@code text}. */
    List<String> containing(String text) {
        return messages.stream().filter(m -> m.contains(text)).collect(Collectors.toList());
    }

    @Override
    public void flush() {}

    @Override
    public void close() {
        logger.removeHandler(this);
    }
}
