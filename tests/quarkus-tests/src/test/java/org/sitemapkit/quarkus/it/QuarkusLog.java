package org.sitemapkit.quarkus.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** The application's log, which the test profile writes to a file (application.properties). */
final class QuarkusLog {
    static final Path PATH = Path.of("target/quarkus-test.log");

    private QuarkusLog() {}

    static List<String> lines() throws IOException {
        return Files.readAllLines(PATH, StandardCharsets.UTF_8);
    }

    /**
     * Every feature Quarkus named in an {@code Installed features: [...]} line: logged when the application has
     * started, so it is in the file (lines of the static init of a test JVM's first start may not be).
     */
    static Set<String> installedFeatures() throws IOException {
        Set<String> features = new TreeSet<>();
        for (String line : lines()) {
            int at = line.indexOf("Installed features: [");
            if (at >= 0) {
                String list = line.substring(line.indexOf('[', at) + 1, line.indexOf(']', at));
                features.addAll(Arrays.asList(list.split(",\\s*")));
            }
        }
        return features;
    }
}
