package org.sitemapkit.it;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.sitemapkit.testsupport.ContainerClassLoader;
import org.sitemapkit.testsupport.TomcatContainer;

/** The exploded WAR that Maven assembles in target/war before the tests run; both containers serve it. */
public final class TestWar {

    private TestWar() {}

    /** The WAR directory; fails with the fix when Maven has not assembled it (e.g. a run from an IDE). */
    public static Path dir() {
        Path dir = Path.of(System.getProperty("itest.war", "target/war")).toAbsolutePath();
        if (!Files.isRegularFile(dir.resolve("index.html"))
                || !Files.isRegularFile(dir.resolve("WEB-INF/lib/sitemapkit-core.jar"))) {
            throw new IllegalStateException(
                    dir + " is not assembled: run " + "'mvn -pl core,integration-tests verify' first");
        }
        return dir;
    }

    /** Deploys {@link #dir()} on Tomcat at {@code contextPath} ("" for the root, or e.g. "/shop"). */
    public static TomcatContainer onTomcat(String contextPath) {
        return onTomcat(dir(), contextPath, Map.of());
    }

    /** Deploys {@link #dir()} on Tomcat with extra context parameters, as {@code <context-param>} would. */
    public static TomcatContainer onTomcat(String contextPath, Map<String, String> contextParams) {
        return onTomcat(dir(), contextPath, contextParams);
    }

    /**
     * Deploys an exploded WAR on Tomcat whose common class loader is the test class path minus SitemapKit: a real
     * Tomcat's has neither sitemapkit-core nor the test classes, so classes, ServiceLoader files and SCIs come from
     * the WAR only.
     */
    public static TomcatContainer onTomcat(Path war, String contextPath, Map<String, String> contextParams) {
        ClassLoader parent = ContainerClassLoader.hiding(TestWar.class.getClassLoader(), "org.sitemapkit");
        return TomcatContainer.start(war, contextPath, contextParams, parent);
    }
}
