package org.sitemapkit.internal.indexnow;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/** The submitter's log records, through java.util.logging, where System.Logger goes by default. */
final class LogCapture extends Handler implements AutoCloseable {
    /** Held so that the logger, and the handler on it, is not collected. */
    private final Logger logger = Logger.getLogger(IndexNowSubmitter.class.getName());

    private final List<LogRecord> records = new CopyOnWriteArrayList<>();
    private final SimpleFormatter formatter = new SimpleFormatter();

    LogCapture() {
        setLevel(Level.ALL);
        logger.addHandler(this);
    }

    List<String> messages(Level level) {
        return records.stream()
                .filter(r -> r.getLevel().equals(level))
                .map(formatter::formatMessage)
                .toList();
    }

    @Override
    public void publish(LogRecord record) {
        records.add(record);
    }

    @Override
    public void flush() {}

    @Override
    public void close() {
        logger.removeHandler(this);
    }
}
