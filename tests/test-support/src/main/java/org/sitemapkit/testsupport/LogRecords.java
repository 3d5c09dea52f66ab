package org.sitemapkit.testsupport;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import java.util.stream.Collectors;

/**
 * What a logger and its children log at a level or above while this is open, so a test can assert on SitemapKit's
 * log lines: its System.Logger lines reach java.util.logging here, from the test's class loader and the web
 * applications' alike. Each line is the level's name, a space and the formatted message.
 */
public final class LogRecords extends Handler implements AutoCloseable {

    private final Logger logger;
    private final Level atLeast;
    private final List<String> lines = new CopyOnWriteArrayList<>();
    private final SimpleFormatter formatter = new SimpleFormatter();

    private LogRecords(Logger logger, Level atLeast) {
        this.logger = logger;
        this.atLeast = atLeast;
    }

    /** Starts collecting what {@code loggerName} (e.g. "org.sitemapkit") logs at {@code atLeast} or above. */
    public static LogRecords of(String loggerName, Level atLeast) {
        LogRecords records = new LogRecords(Logger.getLogger(loggerName), atLeast);
        records.setLevel(Level.ALL);
        records.logger.addHandler(records);
        return records;
    }

    @Override
    public void publish(LogRecord record) {
        if (record.getLevel().intValue() >= atLeast.intValue()) {
            lines.add(record.getLevel() + " " + formatter.formatMessage(record));
        }
    }

    /** Every line so far. */
    public List<String> lines() {
        return List.copyOf(lines);
    }

    /** The lines so far that contain every one of {@code parts}. */
    public List<String> containing(String... parts) {
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
