package org.sitemapkit.internal.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a probe's main class in a JVM of its own with a small heap, so memory tests measure that heap alone. */
public final class ChildJvm {

    private ChildJvm() {}

    /**
     * Runs {@code main} with this JVM's class path, {@code -Xmx} of {@code maxHeap} (e.g. "64m") and the serial
     * collector; returns what it printed, and fails unless it exited 0 within 5 minutes.
     */
    public static String run(String maxHeap, Class<?> main, String... args) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(
                java,
                "-Xmx" + maxHeap,
                "-XX:+UseSerialGC",
                "-cp",
                System.getProperty("java.class.path"),
                main.getName()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "the probe did not finish in 5 minutes");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), out);
        return out;
    }
}
