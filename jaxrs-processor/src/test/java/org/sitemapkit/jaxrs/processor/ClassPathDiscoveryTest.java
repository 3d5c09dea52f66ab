package org.sitemapkit.jaxrs.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.sitemapkit.internal.entry.IndexedEntry;
import org.sitemapkit.jaxrs.internal.EntryCollector;
import org.sitemapkit.jaxrs.internal.IndexFile;
import org.sitemapkit.jaxrs.internal.ReflectionScanner;

/**
 * Plain javac, as a build runs it, on whatever JDK runs the tests: with the processor only on
 * the class path, JDK 17-22 run it but JDK 23+ do not; named on the processor path (what Maven's
 * annotationProcessorPaths passes) every JDK runs it. Where no index is written, the runtime's
 * reflection finds the very entries the index would have listed.
 */
class ClassPathDiscoveryTest {
    /** One resource with one entry; {@link OtherJdkTest} compiles it too. */
    static final String SOURCE = ""
            + "package demo;\n"
            + "import jakarta.ws.rs.*;\n"
            + "import org.sitemapkit.SitemapEntry;\n"
            + "@Path(\"hello\")\n"
            + "public class Hello {\n"
            + "  @GET @Path(\"world\") @SitemapEntry(changefreq = org.sitemapkit.model.Changefreq.DAILY, priority = 0.3)\n"
            + "  public String world() { return \"hi\"; }\n"
            + "}\n";

    private static final int JDK = Runtime.version().feature();

    @Test
    void processorOnTheClassPathRunsOnlyBeforeJdk23AndReflectionCoversTheRest() throws Exception {
        Path out = compile("class-path", "-classpath", JavacFiles.classPath());
        boolean indexed = Files.exists(out.resolve(IndexFile.RESOURCE));
        assertEquals(JDK < 23, indexed, "JDK " + JDK + " ran the processor from the class path: " + indexed);

        List<IndexedEntry> expected = List.of(IndexedEntry.builder()
                .className("demo.Hello")
                .method("world()")
                .template("/hello/world")
                .section("pages")
                .changefreq("daily")
                .priority(0.3)
                .build());
        try (URLClassLoader loader = loader(out)) {
            Class<?> hello = Class.forName("demo.Hello", false, loader);
            List<IndexedEntry> index = indexed ? read(out) : List.of();
            EntryCollector.Result r = EntryCollector.collect(index, List.of(hello), w -> {
                throw new AssertionError(w);
            });
            assertEquals(expected, r.entries);
            assertEquals(indexed ? Set.of() : Set.of("demo.Hello"), r.reflected);
        }
    }

    @Test
    void processorOnTheProcessorPathRunsOnEveryJdk() throws Exception {
        Path out = compile(
                "processor-path", "-classpath", JavacFiles.classPath(), "-processorpath", JavacFiles.classPath());
        List<IndexedEntry> index = read(out);
        assertEquals(1, index.size());
        try (URLClassLoader loader = loader(out)) {
            assertEquals(index, ReflectionScanner.scan(Class.forName("demo.Hello", false, loader), w -> {
                throw new AssertionError(w);
            }));
        }
    }

    private static Path compile(String name, String... options) throws IOException {
        Path dir = Paths.get(System.getProperty("jaxrs.test.work", "target/test-work"), "discovery", name);
        Path src = dir.resolve("src/demo/Hello.java");
        Path out = dir.resolve("out");
        JavacFiles.deleteTree(dir);
        assertTrue(!Files.exists(dir));
        Files.createDirectories(src.getParent());
        Files.createDirectories(out);
        Files.writeString(src, SOURCE, StandardCharsets.UTF_8);
        List<String> args = new ArrayList<>(List.of(options));
        args.addAll(List.of("--release", "17", "-d", out.toString(), src.toString()));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        int status = javac.run(null, log, log, args.toArray(new String[0]));
        assertEquals(0, status, "javac " + args + ":\n" + log.toString(StandardCharsets.UTF_8));
        return out;
    }

    private static List<IndexedEntry> read(Path out) throws IOException {
        try (var in = Files.newBufferedReader(out.resolve(IndexFile.RESOURCE), StandardCharsets.UTF_8)) {
            return IndexFile.read(in, out.toString());
        }
    }

    private static URLClassLoader loader(Path out) throws IOException {
        return new URLClassLoader(new URL[] {out.toUri().toURL()}, ClassPathDiscoveryTest.class.getClassLoader());
    }
}
