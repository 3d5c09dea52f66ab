package org.sitemapkit.quarkus.deployment;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.quarkus.test.QuarkusUnitTest;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The {@code sitemapkit.*} keys of {@code application.properties} are checked when the application is built: a
 * misspelt key and a malformed value each fail the build, naming the key and the value.
 */
class SettingsAtBuildTest {
    static QuarkusUnitTest failingWith(String properties, String... expected) {
        return new QuarkusUnitTest()
                .withApplicationRoot(jar -> jar.addClasses(PageResource.class)
                        .addAsResource(new StringAsset(properties), "application.properties"))
                .assertException(t -> {
                    String message = messages(t);
                    for (String e : expected) {
                        assertTrue(message.contains(e), () -> "the build's failure names " + e + ": " + message);
                    }
                });
    }

    private static String messages(Throwable t) {
        StringBuilder b = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            b.append(c.getMessage()).append('\n');
        }
        return b.toString();
    }

    @Nested
    class AMisspeltKey {
        @RegisterExtension
        static final QuarkusUnitTest APP =
                failingWith("sitemapkit.max-url=10\n", "unknown SitemapKit setting sitemapkit.max-url");

        @Test
        void failsTheBuild() {
            fail("the build should have failed");
        }
    }

    @Nested
    class AMalformedValue {
        @RegisterExtension
        static final QuarkusUnitTest APP = failingWith("sitemapkit.max-urls=lots\n", "sitemapkit.max-urls", "lots");

        @Test
        void failsTheBuild() {
            fail("the build should have failed");
        }
    }
}
