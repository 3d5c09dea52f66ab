package org.sitemapkit.internal.indexnow;

import java.lang.System.Logger.Level;
import java.time.Instant;

/**
 * Warnings that must not vanish when the JVM stops, such as the count of URLs a closing submitter
 * drops: java.util.logging may already have closed its handlers then (its reset runs in a shutdown
 * hook of its own, in no set order with the container's), so the line also goes to standard error.
 */
final class ShutdownLog {
    private ShutdownLog() {}

    /** Logs the warning, and writes it to standard error too when the JVM is shutting down. */
    static void warn(System.Logger log, String message) {
        log.log(Level.WARNING, message);
        if (shuttingDown()) {
            System.err.println(Instant.now() + " WARNING " + message);
        }
    }

    /** Whether the JVM is running its shutdown hooks: it refuses new ones then. */
    static boolean shuttingDown() {
        Thread probe = new Thread(() -> {});
        try {
            Runtime.getRuntime().addShutdownHook(probe);
            Runtime.getRuntime().removeShutdownHook(probe);
            return false;
        } catch (IllegalStateException e) {
            return true;
        }
    }
}
