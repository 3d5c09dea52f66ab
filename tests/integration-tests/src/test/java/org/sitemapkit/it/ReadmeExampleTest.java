package org.sitemapkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's "API in one example" compiles against the API as built: the snippet is taken from
 * the README, given the two application types it assumes (a product row and a catalog), and
 * compiled with javac, so that the example cannot drift from the API it shows.
 */
class ReadmeExampleTest {
    static final String START = "```java\nSite site = Site.of(";

    @Test
    void theApiExampleCompiles(@TempDir Path dir) throws Exception {
        String readme = Files.readString(ReleaseMetadataTest.ROOT.resolve("README.md"), StandardCharsets.UTF_8);
        int at = readme.indexOf(START);
        assertTrue(at >= 0, "the README shows the API in one example");
        String code = readme.substring(at + "```java\n".length(), readme.indexOf("```", at + 7));
        Path source = dir.resolve("src/example/Example.java");
        Files.createDirectories(source.getParent());
        Files.writeString(
                source,
                String.join(
                        "\n",
                        "package example;",
                        "import java.nio.file.Path;",
                        "import java.time.Instant;",
                        "import java.util.List;",
                        "import java.util.stream.Stream;",
                        "import javax.sql.DataSource;",
                        "import org.sitemapkit.SitemapKit;",
                        "import org.sitemapkit.model.*;",
                        "import org.sitemapkit.source.UrlSource;",
                        "class Example {",
                        "  record Product(long id, String name, String summary, String video, Instant updated,"
                                + " boolean isNews) {}",
                        "  interface Catalog { Stream<Product> products(); Stream<Product> products(long from, long to); }",
                        "  static void run(Catalog catalog, DataSource dataSource) throws Exception {",
                        code,
                        "  }",
                        "}"));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files =
                javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
            boolean ok = javac.getTask(
                            null,
                            files,
                            diagnostics,
                            List.of(
                                    "-classpath",
                                    System.getProperty("java.class.path"),
                                    "-d",
                                    dir.resolve("out").toString()),
                            null,
                            files.getJavaFileObjects(source))
                    .call();
            List<String> errors = diagnostics.getDiagnostics().stream()
                    .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
                    .map(d -> d.getLineNumber() + ": " + d.getMessage(Locale.ROOT))
                    .toList();
            assertEquals(List.of(), errors, code);
            assertTrue(ok);
        }
    }
}
