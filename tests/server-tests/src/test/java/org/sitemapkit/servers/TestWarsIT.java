package org.sitemapkit.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.sitemapkit.servers.TestWars.Variant;

/**
 * The two WARs every server deploys are what the tests claim: the same application, the index only where the
 * processor ran, and no JAX-RS implementation or CDI container inside (the server must bring its own).
 */
class TestWarsIT {

    @Test
    void indexedWarCarriesTheProcessorsIndexOfBothEntries() throws IOException {
        try (ZipFile war = new ZipFile(TestWars.war(Variant.INDEXED).toFile())) {
            ZipEntry index = war.getEntry(TestWars.INDEX_ENTRY);
            assertNotNull(index, TestWars.INDEX_ENTRY + " in indexed.war");
            List<String> entries = new String(war.getInputStream(index).readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .filter(l -> !l.startsWith("#"))
                    .toList();
            assertEquals(
                    List.of(
                            "org.sitemapkit.itwar.AboutResource\tabout()\t/about\tpages\t-\t-\t-",
                            "org.sitemapkit.itwar.ItemResource\titem(long,java.lang.String)\t/items/{id}/{slug}\titems\tweekly"
                                    + "\t-\torg.sitemapkit.itwar.ItemParams"),
                    entries);
        }
    }

    @Test
    void noindexWarHasNoIndex() throws IOException {
        try (ZipFile war = new ZipFile(TestWars.war(Variant.NOINDEX).toFile())) {
            assertNull(war.getEntry(TestWars.INDEX_ENTRY), TestWars.INDEX_ENTRY + " in noindex.war");
        }
    }

    @Test
    void bothWarsHoldTheSameApplicationAndOnlySitemapKitInTheirLib() throws IOException {
        for (Variant v : Variant.values()) {
            try (ZipFile war = new ZipFile(TestWars.war(v).toFile())) {
                List<String> names = Collections.list(war.entries()).stream()
                        .map(ZipEntry::getName)
                        .toList();
                assertEquals(
                        List.of("WEB-INF/lib/sitemapkit-core.jar", "WEB-INF/lib/sitemapkit-jaxrs.jar"),
                        names.stream()
                                .filter(n -> n.startsWith("WEB-INF/lib/") && !n.endsWith("/"))
                                .toList(),
                        v.name());
                for (String n : List.of(
                        "index.html",
                        "robots.txt",
                        "sitemap-blog.xml",
                        "WEB-INF/beans.xml",
                        "WEB-INF/classes/org/sitemapkit/itwar/ItemsApplication.class",
                        "WEB-INF/classes/org/sitemapkit/itwar/AboutResource.class",
                        "WEB-INF/classes/org/sitemapkit/itwar/ItemResource.class",
                        "WEB-INF/classes/org/sitemapkit/itwar/ItemCatalog.class",
                        "WEB-INF/classes/org/sitemapkit/itwar/ItemParams.class")) {
                    assertTrue(names.contains(n), v + " lacks " + n);
                }
            }
        }
    }

    @Test
    void norobotsWarIsTheIndexedOneWithoutRobotsTxt() throws IOException {
        Path norobots = TestWars.all().get(Variant.values().length);
        assertEquals(TestWars.NO_ROBOTS + ".war", norobots.getFileName().toString());
        try (ZipFile war = new ZipFile(norobots.toFile());
                ZipFile indexed = new ZipFile(TestWars.war(Variant.INDEXED).toFile())) {
            List<String> names = Collections.list(war.entries()).stream()
                    .map(ZipEntry::getName)
                    .toList();
            // less robots.txt, plus the registration of the section the operations tests break
            List<String> expected = Stream.concat(
                            Collections.list(indexed.entries()).stream()
                                    .map(ZipEntry::getName)
                                    .filter(n -> !n.equals("robots.txt")),
                            Stream.of(
                                    "WEB-INF/classes/META-INF/services/",
                                    "WEB-INF/classes/META-INF/services/org.sitemapkit.source.UrlSource"))
                    .toList();
            assertEquals(
                    expected.stream().sorted().toList(), names.stream().sorted().toList());
        }
    }
}
