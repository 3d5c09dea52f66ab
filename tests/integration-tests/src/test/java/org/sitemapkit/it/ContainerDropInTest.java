package org.sitemapkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sitemapkit.it.probe.ProbeInitializer;
import org.sitemapkit.testsupport.Http;
import org.sitemapkit.testsupport.TomcatContainer;

/**
 * The drop-in promise, checked on the harness itself: a ServletContainerInitializer in a jar in WEB-INF/lib
 * is found and run by the Tomcat harness, and the copy of the same class on the test class path is not.
 */
class ContainerDropInTest {

    private static final String PROBE_PACKAGE = "org/sitemapkit/it/probe/";

    @Test
    void anInitializerInWebInfLibRunsWithTheWebAppClassLoader(@TempDir Path war) throws Exception {
        skeleton(war);
        probeJar(war.resolve("WEB-INF/lib/probe.jar"));
        try (TomcatContainer tomcat = TestWar.onTomcat(war, "/shop", Map.of("probe.param", "hello"))) {
            Http.Response probe = Http.get(tomcat.uri("probe"), "Host", "forged.example");
            assertEquals(200, probe.status(), probe.text());
            List<String> lines = probe.text().lines().toList();
            assertTrue(lines.contains("webappLoader=true"), probe.text());
            assertTrue(lines.contains("serverName=forged.example"), probe.text());
            assertTrue(lines.contains("contextPath=/shop"), probe.text());
            assertTrue(lines.contains("param=hello"), probe.text());
            List<String> roots =
                    lines.stream().filter(l -> l.startsWith("root=")).toList();
            assertEquals(1, roots.size(), probe.text());
            assertTrue(roots.get(0).endsWith("/WEB-INF/lib/probe.jar!/org/sitemapkit/"), probe.text());
        }
    }

    @Test
    void theTestClassPathCopyOfAnInitializerIsNotRun(@TempDir Path war) throws IOException {
        skeleton(war);
        try (TomcatContainer tomcat = TestWar.onTomcat(war, "", Map.of())) {
            assertEquals(200, Http.get(tomcat.uri("index.html")).status());
            assertEquals(404, Http.get(tomcat.uri("probe")).status());
        }
    }

    private static void skeleton(Path war) throws IOException {
        Files.createDirectories(war.resolve("WEB-INF/lib"));
        Files.copy(TestWar.dir().resolve("index.html"), war.resolve("index.html"));
        Files.copy(TestWar.dir().resolve("WEB-INF/web.xml"), war.resolve("WEB-INF/web.xml"));
    }

    /** A jar holding the compiled probe package and its SCI service file, as a library would ship it. */
    private static void probeJar(Path jar) throws IOException, URISyntaxException {
        Path classes = Path.of(ProbeInitializer.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        try (OutputStream file = Files.newOutputStream(jar);
                JarOutputStream out = new JarOutputStream(file)) {
            for (String dir : List.of(
                    "META-INF/",
                    "META-INF/services/",
                    "org/",
                    "org/sitemapkit/",
                    "org/sitemapkit/it/",
                    PROBE_PACKAGE)) {
                out.putNextEntry(new JarEntry(dir));
                out.closeEntry();
            }
            out.putNextEntry(new JarEntry("META-INF/services/jakarta.servlet.ServletContainerInitializer"));
            out.write((ProbeInitializer.class.getName() + "\n").getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
            try (Stream<Path> files = Files.list(classes.resolve(PROBE_PACKAGE))) {
                for (Path c : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                    out.putNextEntry(new JarEntry(PROBE_PACKAGE + c.getFileName()));
                    Files.copy(c, out);
                    out.closeEntry();
                }
            }
        }
    }
}
