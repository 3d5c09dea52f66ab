package org.sitemapkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sitemapkit.testsupport.Http;
import org.sitemapkit.testsupport.TomcatContainer;

/**
 * The Tomcat harness deploys target/war like a standalone Tomcat would, at the root or under a path.
 * It checks pages SitemapKit leaves alone, since its filter is live in that WAR as soon as core has it.
 */
class TomcatContainerTest {

    @ParameterizedTest
    @ValueSource(strings = {"", "/shop"})
    void servesTheStaticFilesOfTheWar(String contextPath) {
        try (TomcatContainer tomcat = TestWar.onTomcat(contextPath)) {
            assertTrue(
                    tomcat.baseUri().toString().endsWith(contextPath + "/"),
                    tomcat.baseUri().toString());

            Http.Response index = Http.get(tomcat.uri("index.html"));
            assertEquals(200, index.status());
            assertTrue(index.header("Content-Type").orElseThrow().startsWith("text/html"));
            assertTrue(index.text().contains("<title>SitemapKit test app</title>"), index.text());

            Http.Response welcome = Http.get(tomcat.baseUri());
            assertEquals(200, welcome.status());
            assertEquals(index.text(), welcome.text());

            Http.Response about = Http.get(tomcat.uri("about.html"));
            assertEquals(200, about.status());
            assertTrue(about.text().contains("<h1>About the test app</h1>"), about.text());

            Http.Response head = Http.head(tomcat.uri("about.html"));
            assertEquals(200, head.status());
            assertEquals(0, head.body().length);
            assertEquals(
                    String.valueOf(about.body().length),
                    head.header("Content-Length").orElseThrow());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"WEB-INF/web.xml", "WEB-INF/lib/sitemapkit-core.jar", "no-such-page.html"})
    void doesNotServeWebInfOrMissingFiles(String path) {
        try (TomcatContainer tomcat = TestWar.onTomcat("")) {
            assertEquals(404, Http.get(tomcat.uri(path)).status());
        }
    }

    @Test
    void aNonRootContextAnswersOnlyUnderItsPath() {
        try (TomcatContainer tomcat = TestWar.onTomcat("/shop")) {
            assertEquals(200, Http.get(tomcat.uri("index.html")).status());
            assertEquals(404, Http.get(tomcat.baseUri().resolve("/index.html")).status());
        }
    }

    @Test
    void aForgedHostHeaderStillReachesTheApplication() {
        try (TomcatContainer tomcat = TestWar.onTomcat("")) {
            Http.Response plain = Http.get(tomcat.uri("about.html"));
            Http.Response forged = Http.get(tomcat.uri("about.html"), "Host", "forged.example");
            assertEquals(200, forged.status());
            assertEquals(plain.text(), forged.text());
        }
    }

    @Test
    void sitemapKitComesOnlyFromTheWar() throws IOException {
        try (TomcatContainer tomcat = TestWar.onTomcat("", Map.of("example.param", "42"))) {
            assertEquals("42", tomcat.context().getServletContext().getInitParameter("example.param"));
            ClassLoader webapp = tomcat.context().getLoader().getClassLoader();
            List<URL> roots = Collections.list(webapp.getResources("org/sitemapkit/"));
            assertFalse(roots.isEmpty());
            assertTrue(roots.stream().allMatch(u -> u.toString().contains("/WEB-INF/")), roots.toString());
            assertTrue(
                    roots.stream().anyMatch(u -> u.toString().contains("/WEB-INF/lib/sitemapkit-core.jar!/")),
                    roots.toString());
        }
    }

    @Test
    void theWarsOwnClassesLoadFromWebInfClasses() throws ClassNotFoundException {
        try (TomcatContainer tomcat = TestWar.onTomcat("")) {
            ClassLoader webapp = tomcat.context().getLoader().getClassLoader();
            Class<?> marker = webapp.loadClass("org.sitemapkit.it.webapp.WebAppMarker");
            assertSame(webapp, marker.getClassLoader());
            String location =
                    marker.getProtectionDomain().getCodeSource().getLocation().toString();
            assertTrue(location.endsWith("/WEB-INF/classes/"), location);
        }
    }

    @Test
    void aWebAppThatFailsToStartIsReportedNotServed(@TempDir Path war) throws IOException {
        Files.createDirectories(war.resolve("WEB-INF"));
        Files.writeString(war.resolve("WEB-INF/web.xml"), "<web-app version=\"6.0\"><not-closed>");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> TestWar.onTomcat(war, "", Map.of()));
        assertTrue(e.getMessage().contains("failed to start"), e.getMessage());
    }
}
