package org.sitemapkit.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Two million URLs through a 64 MiB heap: memory is bounded by one page, not by the URL count. */
class BoundedMemoryTest {
    @Test
    void twoMillionUrlsRenderInSixtyFourMegabytes() throws IOException, InterruptedException {
        assertTrue(probe("2000000").contains("pages=40 urls=2000000 skipped=0 maxPageUrls=50000 "));
    }

    @Test
    void aFlatMappedSourceIsStreamedNotBuffered() throws IOException, InterruptedException {
        // iterator() over a flatMap would hold all two million URLs of the inner stream at once
        assertTrue(probe("2000000", "flatMap").contains("pages=40 urls=2000000 skipped=0 maxPageUrls=50000 "));
    }

    private static String probe(String... args) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new java.util.ArrayList<>(List.of(
                java,
                "-Xmx64m",
                "-XX:+UseSerialGC",
                "-cp",
                System.getProperty("java.class.path"),
                MemoryProbe.class.getName()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "the probe did not finish in 5 minutes");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), out);
        return out;
    }
}
