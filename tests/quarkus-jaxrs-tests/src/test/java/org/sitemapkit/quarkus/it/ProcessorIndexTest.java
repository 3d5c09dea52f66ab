package org.sitemapkit.quarkus.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.sitemapkit.jaxrs.internal.IndexFile;

/**
 * This module's entries are the annotation processor's (tests/quarkus-tests, on the extension, has
 * ExtensionDiscoveryTest instead): the processor wrote its index into this module's classes, naming both resources'
 * {@code @SitemapEntry} methods; it is the only index on the application's class path; and the extension is not in
 * the application. So the complete sitemap the shared tests read was served from that index.
 */
@QuarkusTest
class ProcessorIndexTest {
    @Test
    void theProcessorsIndexNamesEveryEntryAndTheExtensionIsAbsent() throws IOException {
        Path index = Path.of("target/classes").resolve(IndexFile.RESOURCE);
        assertTrue(Files.isRegularFile(index), index + ": the processor did not run");
        String text = Files.readString(index, StandardCharsets.UTF_8);
        try (Reader in = Files.newBufferedReader(index, StandardCharsets.UTF_8)) {
            assertEquals(2, IndexFile.read(in, index.toString()).size(), () -> index + ": " + text);
        }
        assertTrue(text.contains(AboutResource.class.getName()), () -> index + ": " + text);
        assertTrue(text.contains(ItemResource.class.getName()), () -> index + ": " + text);

        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        List<URL> indexes = Collections.list(loader.getResources(IndexFile.RESOURCE));
        assertEquals(1, indexes.size(), "one index on the application's class path: " + indexes);
        assertEquals(text, read(indexes.get(0)), "the index on the class path is this module's: " + indexes);
        assertThrows(
                ClassNotFoundException.class,
                () -> Class.forName("org.sitemapkit.quarkus.runtime.SitemapKitRecorder", false, loader),
                "the extension is not in this application");

        Set<String> features = QuarkusLog.installedFeatures();
        assertTrue(features.contains("rest"), "Quarkus' installed features in " + QuarkusLog.PATH + ": " + features);
        assertFalse(features.contains("sitemapkit"), "Quarkus' installed features: " + features);
    }

    private static String read(URL url) throws IOException {
        try (InputStream in = url.openStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
