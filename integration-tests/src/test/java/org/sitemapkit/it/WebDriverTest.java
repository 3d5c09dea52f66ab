package org.sitemapkit.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** A real headless Chromium reads and clicks through the test app that Jetty serves. */
class WebDriverTest {

    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    @Test
    void aBrowserFollowsALinkOfTheTestApp() throws IOException {
        Assumptions.assumeTrue(
                WebDriver.available(), "Chromium not installed: apt-get install chromium chromium-driver");
        try (JettyContainer jetty =
                        JettyContainer.start("/shop", ctx -> JettyContainer.serveStatic(ctx, TestWar.dir()));
                WebDriver browser = WebDriver.start()) {
            browser.navigate(jetty.baseUri());
            assertEquals("SitemapKit test app", browser.title());
            assertEquals(List.of(), browser.findElements("a.no-such-link"));

            List<String> links = browser.findElements("a#about");
            assertEquals(1, links.size());
            assertEquals("About this app", browser.text(links.get(0)));
            assertEquals("about.html", browser.attribute(links.get(0), "href"));

            browser.click(links.get(0));
            assertEquals(jetty.uri("about.html").toString(), browser.currentUrl());
            assertEquals("About - SitemapKit test app", browser.title());
            List<String> headings = browser.findElements("h1");
            assertEquals(1, headings.size());
            assertEquals("About the test app", browser.text(headings.get(0)));

            Path png = Path.of(System.getProperty("itest.screenshots", "target/screenshots"), "about.png");
            browser.screenshot(png);
            byte[] image = Files.readAllBytes(png);
            assertTrue(image.length > 1_000, "screenshot of " + image.length + " bytes");
            assertArrayEquals(PNG_SIGNATURE, Arrays.copyOf(image, PNG_SIGNATURE.length));
        }
    }
}
