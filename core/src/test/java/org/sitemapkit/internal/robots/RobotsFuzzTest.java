package org.sitemapkit.internal.robots;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The application's robots.txt and rules file, fuzzed as bytes: read, or refused with the one
 * exception the parser documents; a file that reads gives rules that answer every path.
 */
class RobotsFuzzTest {
    @FuzzTest(maxDuration = "20s")
    void robotsFile(FuzzedDataProvider data) throws IOException {
        String path = "/" + data.consumeString(80);
        byte[] file = data.consumeRemainingAsBytes();
        try {
            RobotsParser.parse(new ByteArrayInputStream(file), "fuzzed robots.txt");
        } catch (RobotsSyntaxException e) {
            return; // documented: a line it refuses, named in the message
        }
        RobotsRules rules = RobotsRules.parse(new String(file, StandardCharsets.UTF_8));
        rules.allows(path);
    }
}
