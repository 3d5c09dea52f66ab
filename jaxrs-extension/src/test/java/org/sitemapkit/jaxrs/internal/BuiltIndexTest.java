package org.sitemapkit.jaxrs.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sitemapkit.internal.entry.IndexedEntry;

/** The entries a build hands over (the Quarkus extension's) replace every index file its class loader sees. */
class BuiltIndexTest {
    private static final IndexedEntry STALE = IndexedEntry.builder()
            .className("a.Pages")
            .method("gone()")
            .template("/gone")
            .section("pages")
            .build();
    private static final IndexedEntry NOW = IndexedEntry.builder()
            .className("a.Pages")
            .method("faq()")
            .template("/faq")
            .section("pages")
            .build();

    @Test
    void theBuiltEntriesAndNoFileAreReadInTheirLoaderAndItsChildren(@TempDir Path dir) throws IOException {
        Path file = dir.resolve(IndexFile.RESOURCE);
        Files.createDirectories(file.getParent());
        Files.writeString(file, IndexFile.write(List.of(STALE)));
        List<String> warnings = new ArrayList<>();
        try (URLClassLoader app = new URLClassLoader(new URL[] {dir.toUri().toURL()}, null);
                URLClassLoader child = new URLClassLoader(new URL[0], app)) {
            assertEquals(List.of(STALE), IndexReader.read(app, warnings::add), "the file, while no build set any");
            BuiltIndex.set(app, IndexFile.write(List.of(NOW)));
            assertEquals(List.of(NOW), IndexReader.read(app, warnings::add));
            assertEquals(List.of(NOW), IndexReader.read(child, warnings::add));
        }
        assertTrue(warnings.isEmpty(), warnings.toString());
    }
}
