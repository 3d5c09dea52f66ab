package org.sitemapkit.quarkus.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.sitemapkit.jaxrs.internal.IndexFile;
import org.sitemapkit.testsupport.Crawl;

/**
 * The entries of this module come from the extension's build-time discovery, not from the annotation processor:
 * the module compiles with no processor, so no index file is in its classes or anywhere on the application's class
 * path, and still the sitemap lists every {@code @SitemapEntry} method's URLs (Quarkus REST never tells plain
 * sitemapkit-jaxrs its resource classes, so without the extension it would list none). Only for this module:
 * tests/quarkus-jaxrs-tests, which builds the same application with the processor, leaves this class out and has
 * ProcessorIndexTest instead.
 */
@QuarkusTest
class ExtensionDiscoveryTest {
    @TestHTTPResource("/")
    URL root;

    @Inject
    ItemCatalog catalog;

    @Test
    void everyEntryIsListedWithNoIndexOfTheProcessor() throws IOException {
        Path compiled = Path.of("target/classes").resolve(IndexFile.RESOURCE);
        assertFalse(
                Files.exists(compiled),
                compiled + ": the processor ran (or an earlier build's file is left: mvn clean)");
        List<URL> indexes =
                Collections.list(Thread.currentThread().getContextClassLoader().getResources(IndexFile.RESOURCE));
        assertEquals(List.of(), indexes, "index files on the application's class path");

        String base = root.toExternalForm().replaceAll("/$", "");
        Crawl crawl = Crawl.of(base + "/sitemap.xml");
        assertEquals(ItemCatalog.SIZE + 1, crawl.urls.size(), crawl.urls.keySet()::toString);
        assertTrue(crawl.urls.containsKey(base + "/api/about"), "AboutResource's entry");
        String item = base + "/api/items/1/" + catalog.find(1).orElseThrow().slug();
        assertTrue(crawl.urls.containsKey(item), "ItemResource's entry " + item);

        Set<String> features = QuarkusLog.installedFeatures();
        assertTrue(
                features.contains("sitemapkit"), "Quarkus' installed features in " + QuarkusLog.PATH + ": " + features);
    }
}
