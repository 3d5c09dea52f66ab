package org.sitemapkit.jaxrs.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.sitemapkit.internal.entry.IndexedEntry;
import org.sitemapkit.jaxrs.internal.IndexFile;

/**
 * javac run as incremental builds run it (an IDE, Quarkus dev mode): everything first, then only
 * the changed sources into the same class output, the rest on the class path. The index must
 * keep the entries of the classes not recompiled, and drop those of deleted or changed ones.
 */
class IncrementalCompileTest {
    private static final String IMPORTS = "import jakarta.ws.rs.*;\nimport org.sitemapkit.SitemapEntry;\n";

    private static final String PAGES = "package shop;\n" + IMPORTS + "@Path(\"/\")\npublic class Pages {\n"
            + "  @GET @SitemapEntry public String home() { return \"\"; }\n}\n";

    private static final String PAGES_WITH_FAQ = "package shop;\n" + IMPORTS + "@Path(\"/\")\npublic class Pages {\n"
            + "  @GET @SitemapEntry public String home() { return \"\"; }\n"
            + "  @GET @Path(\"faq\") @SitemapEntry public String faq() { return \"\"; }\n}\n";

    private static final String PAGES_WITHOUT_ENTRIES = "package shop;\n" + IMPORTS
            + "@Path(\"/\")\npublic class Pages {\n  @GET public String home() { return \"\"; }\n}\n";

    /** A second resource, with a nested resource class (a binary name with {@code $}). */
    private static final String ITEMS = "package shop;\n" + IMPORTS + "@Path(\"items\")\npublic class Items {\n"
            + "  @GET @SitemapEntry(section = \"items\") public String list() { return \"\"; }\n"
            + "  @Path(\"deals\") public static class Deals {\n"
            + "    @GET @SitemapEntry(section = \"items\") public String all() { return \"\"; }\n  }\n}\n";

    @Test
    void recompilingOneClassKeepsTheEntriesOfTheOthers(TestInfo test) throws IOException {
        Path dir = work(test);
        compile(dir, Map.of("Pages", PAGES, "Items", ITEMS));
        assertEquals(List.of("/", "/deals", "/items"), templates(dir));

        compile(dir, Map.of("Pages", PAGES_WITH_FAQ));
        assertEquals(List.of("/", "/deals", "/faq", "/items"), templates(dir));
        assertEquals(
                List.of("shop.Items", "shop.Items$Deals", "shop.Pages", "shop.Pages"),
                read(dir).stream().map(IndexedEntry::className).sorted().collect(Collectors.toList()));

        compile(dir, Map.of("Pages", PAGES_WITH_FAQ)); // nothing changed: the same index
        assertEquals(List.of("/", "/deals", "/faq", "/items"), templates(dir));
    }

    @Test
    void entriesOfADeletedClassVanish(TestInfo test) throws IOException {
        Path dir = work(test);
        compile(dir, Map.of("Pages", PAGES, "Items", ITEMS));
        // What a build tool does when Items.java is deleted: its classes go, the rest is recompiled.
        Files.delete(dir.resolve("src/shop/Items.java"));
        Files.delete(dir.resolve("out/shop/Items.class"));
        Files.delete(dir.resolve("out/shop/Items$Deals.class"));
        compile(dir, Map.of("Pages", PAGES));
        assertEquals(List.of("/"), templates(dir));
    }

    @Test
    void entriesOfARecompiledClassThatLostTheAnnotationVanish(TestInfo test) throws IOException {
        Path dir = work(test);
        compile(dir, Map.of("Pages", PAGES, "Items", ITEMS));
        compile(dir, Map.of("Pages", PAGES_WITHOUT_ENTRIES));
        assertEquals(List.of("/deals", "/items"), templates(dir));

        compile(dir, Map.of("Items", ITEMS.replace("@SitemapEntry(section = \"items\")", "")));
        assertEquals(List.of(), templates(dir), "the last entries gone leave an empty index, not a stale one");
    }

    private static Path work(TestInfo test) throws IOException {
        Path dir = Paths.get(
                System.getProperty("jaxrs.test.work", "target/test-work"),
                "incremental",
                test.getTestMethod().orElseThrow().getName());
        JavacFiles.deleteTree(dir);
        Files.createDirectories(dir.resolve("out"));
        return dir;
    }

    /** Writes the given sources and compiles only them, with the class output on the class path. */
    private static void compile(Path dir, Map<String, String> sources) throws IOException {
        Path out = dir.resolve("out");
        List<String> args = new ArrayList<>(List.of(
                "-Xlint:all",
                "-Xlint:-processing",
                "-Werror",
                "--release",
                "17",
                "-classpath",
                JavacFiles.classPath() + File.pathSeparator + out,
                "-processorpath",
                JavacFiles.classPath(),
                "-d",
                out.toString()));
        for (Map.Entry<String, String> s : sources.entrySet()) {
            Path src = dir.resolve("src/shop/" + s.getKey() + ".java");
            Files.createDirectories(src.getParent());
            Files.writeString(src, s.getValue(), StandardCharsets.UTF_8);
            args.add(src.toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        int status = javac.run(null, log, log, args.toArray(new String[0]));
        String output = log.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, "javac " + args + ":\n" + output);
        assertFalse(output.contains("sitemapkit"), output);
    }

    private static List<String> templates(Path dir) throws IOException {
        return read(dir).stream().map(IndexedEntry::template).sorted().collect(Collectors.toList());
    }

    private static List<IndexedEntry> read(Path dir) throws IOException {
        Path index = dir.resolve("out").resolve(IndexFile.RESOURCE);
        try (var in = Files.newBufferedReader(index, StandardCharsets.UTF_8)) {
            return IndexFile.read(in, index.toString());
        }
    }
}
