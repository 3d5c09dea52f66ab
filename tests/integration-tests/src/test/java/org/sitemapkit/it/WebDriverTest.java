package org.sitemapkit.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.sitemapkit.testsupport.JettyContainer;

/** A real headless Chromium reads and clicks through the test app that Jetty serves. */
class WebDriverTest {

    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    @Test
    void aBrowserFollowsALinkOfTheTestApp() throws IOException {
        Browser.assumeInstalled();
        try (JettyContainer jetty =
                        JettyContainer.start("/shop", ctx -> JettyContainer.serveStatic(ctx, TestWar.dir()));
                Browser browser = Browser.start()) {
            WebDriver driver = browser.driver();
            driver.get(jetty.baseUri().toString());
            assertEquals("SitemapKit test app", driver.getTitle());
            assertEquals(List.of(), driver.findElements(By.cssSelector("a.no-such-link")));

            List<WebElement> links = driver.findElements(By.cssSelector("a#about"));
            assertEquals(1, links.size());
            assertEquals("About this app", links.get(0).getText());
            assertEquals("about.html", links.get(0).getDomAttribute("href"));

            links.get(0).click();
            assertEquals(jetty.uri("about.html").toString(), driver.getCurrentUrl());
            assertEquals("About - SitemapKit test app", driver.getTitle());
            List<WebElement> headings = driver.findElements(By.cssSelector("h1"));
            assertEquals(1, headings.size());
            assertEquals("About the test app", headings.get(0).getText());

            Path png = Path.of(System.getProperty("itest.screenshots", "target/screenshots"), "about.png");
            browser.screenshot(png);
            byte[] image = Files.readAllBytes(png);
            assertTrue(image.length > 1_000, "screenshot of " + image.length + " bytes");
            assertArrayEquals(PNG_SIGNATURE, Arrays.copyOf(image, PNG_SIGNATURE.length));
        }
    }
}
