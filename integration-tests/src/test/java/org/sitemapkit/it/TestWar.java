package org.sitemapkit.it;

import java.nio.file.Files;
import java.nio.file.Path;

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
}
