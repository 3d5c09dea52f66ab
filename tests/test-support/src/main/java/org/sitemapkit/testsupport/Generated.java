package org.sitemapkit.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A committed file that a test generates (IDE metadata, a config root, a reference page): written when the build
 * runs with {@code -D<property>=true}, compared otherwise, so the file cannot fall behind what it is made from.
 */
public final class Generated {
    private Generated() {}

    /**
     * Writes {@code expected} to {@code file} when the system property {@code update} is true, then checks the file
     * holds it.
     *
     * @param file the committed file
     * @param expected what it must hold
     * @param update the system property that rewrites it
     */
    public static void check(Path file, String expected, String update) {
        try {
            if (Boolean.getBoolean(update)) {
                Files.writeString(file, expected, StandardCharsets.UTF_8);
            }
            assertEquals(
                    expected,
                    Files.readString(file, StandardCharsets.UTF_8),
                    file + " differs from what it is generated from; run this test with -D" + update + "=true");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
