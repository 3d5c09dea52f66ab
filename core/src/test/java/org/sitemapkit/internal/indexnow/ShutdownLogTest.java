package org.sitemapkit.internal.indexnow;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.sitemapkit.internal.render.ChildJvm;

/**
 * URLs still queued when the application stops are counted in a line that survives the JVM's
 * shutdown (before, JUL's reset ran first and about 400 URLs vanished without a word).
 */
class ShutdownLogTest {
    @Test
    void urlsDroppedAtShutdownAreCountedEvenAfterLoggingWasReset() throws Exception {
        String out = ChildJvm.run("64m", ShutdownProbe.class);
        assertTrue(out.contains("closed; dropped 400 URLs still queued"), out);
    }

    @Test
    void outsideAShutdownTheLineGoesOnlyToTheLog() {
        assertFalse(ShutdownLog.shuttingDown());
    }
}
