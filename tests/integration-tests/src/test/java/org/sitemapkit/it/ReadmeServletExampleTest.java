package org.sitemapkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.annotation.Resource;
import jakarta.servlet.ServletContextListener;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sitemapkit.SitemapKit;
import org.sitemapkit.testsupport.ModuleCompiler;

/**
 * The README opens with a plain servlet application's registration: that java block, as the README
 * has it, compiles against this build's API with nothing but {@code sitemapkit-core} and the Jakarta
 * APIs a container provides, given only its imports; and every SitemapKit dependency it shows names the
 * reactor's version. So the first code a newcomer copies cannot drift from the API.
 */
class ReadmeServletExampleTest {
    /** The comment line just before the block; the block is the next {@code ```java} fence. */
    static final String MARKER = "<!-- servlet-example:";

    static final String IMPORTS = String.join(
            "\n",
            "import jakarta.annotation.Resource;",
            "import jakarta.servlet.ServletContextEvent;",
            "import jakarta.servlet.ServletContextListener;",
            "import jakarta.servlet.annotation.WebListener;",
            "import java.time.OffsetDateTime;",
            "import javax.sql.DataSource;",
            "import org.sitemapkit.SitemapKit;",
            "import org.sitemapkit.model.Changefreq;",
            "import org.sitemapkit.model.SitemapUrl;",
            "import org.sitemapkit.source.UrlSource;",
            "");

    @Test
    void theServletRegistrationCompiles(@TempDir Path dir) throws Exception {
        String readme = readme();
        int marker = readme.indexOf(MARKER);
        assertTrue(marker >= 0, "the README marks its plain-servlet example with " + MARKER);
        int fence = readme.indexOf("```java\n", marker);
        assertTrue(fence > marker, "a java block follows the marker");
        assertEquals(
                -1,
                readme.substring(marker, fence).indexOf("```"),
                "the marker is followed by the java block, with no other block between");
        int start = fence + "```java\n".length();
        String code = readme.substring(start, readme.indexOf("```", start));
        Matcher name = Pattern.compile("public class (\\w+)").matcher(code);
        assertTrue(name.find(), "the example is one public class:\n" + code);

        Path source = dir.resolve("src/example/" + name.group(1) + ".java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, "package example;\n" + IMPORTS + code, StandardCharsets.UTF_8);
        Path out = dir.resolve("out");
        Files.createDirectories(out);
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        int status = ToolProvider.getSystemJavaCompiler()
                .run(
                        null,
                        log,
                        log,
                        "--release",
                        "17",
                        "-Xlint:all",
                        "-Werror",
                        // only what a web application has: sitemapkit-core and the container's APIs
                        "-classpath",
                        ModuleCompiler.modulePath(SitemapKit.class, ServletContextListener.class, Resource.class),
                        "-d",
                        out.toString(),
                        source.toString());
        assertEquals("", log.toString(StandardCharsets.UTF_8), code);
        assertEquals(0, status);
    }

    @Test
    void everySitemapKitDependencyNamesTheReactorsVersion() throws Exception {
        String pom = Files.readString(ReleaseMetadataTest.ROOT.resolve("pom.xml"), StandardCharsets.UTF_8);
        Matcher reactor = Pattern.compile("<artifactId>sitemapkit-parent</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(pom);
        assertTrue(reactor.find(), "the root pom's version");
        String readme = readme();
        Matcher dependency = Pattern.compile(
                        "<artifactId>(sitemapkit-[a-z0-9-]+)</artifactId>\\s*<version>([^<$]+)</version>")
                .matcher(readme);
        List<String> found = new ArrayList<>();
        while (dependency.find()) {
            assertEquals(reactor.group(1), dependency.group(2), dependency.group(1) + " in the README");
            found.add(dependency.group(1));
        }
        assertTrue(
                found.contains("sitemapkit-core")
                        && readme.indexOf("<artifactId>sitemapkit-core</artifactId>") < readme.indexOf(MARKER),
                "the README names sitemapkit-core with its version before the registration: " + found);
    }

    private static String readme() throws Exception {
        return Files.readString(ReleaseMetadataTest.ROOT.resolve("README.md"), StandardCharsets.UTF_8);
    }
}
