package org.sitemapkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.sitemapkit.testsupport.Http;
import org.sitemapkit.testsupport.TomcatContainer;

/**
 * What a person sees at /sitemap.html in headless Chromium, on the drop-in Tomcat deployment:
 * the sections and their pages, a page's URLs, and a URL that leads to the live page.
 */
class SitemapHtmlBrowserTest {
    @Test
    void aPersonBrowsesTheSitemapAndFollowsAUrl() throws Exception {
        Browser.assumeInstalled();
        try (TomcatContainer app = TestWar.onTomcat("", SitemapContract.PARAMS);
                Browser browser = Browser.start()) {
            WebDriver driver = browser.driver();
            driver.get(app.uri("sitemap.html").toString());
            assertEquals("Sitemap of " + app.baseUri(), driver.getTitle());
            List<WebElement> rows = driver.findElements(By.cssSelector("tbody tr"));
            assertEquals(3, rows.size(), "flaky, pages, products");
            assertTrue(
                    rows.get(2).getText().startsWith("products 120"),
                    rows.get(2).getText());
            Path shots = Path.of(System.getProperty("itest.screenshots", "target/screenshots"));
            browser.screenshot(shots.resolve("sitemap-overview.png"));

            List<WebElement> productPages =
                    driver.findElements(By.cssSelector("a[href='sitemap.html?section=products&page=3']"));
            assertEquals(1, productPages.size());
            productPages.get(0).click();
            assertEquals(app.uri("sitemap.html?section=products&page=3").toString(), driver.getCurrentUrl());
            assertEquals(
                    "products: page 3 of 3",
                    driver.findElements(By.cssSelector("h1")).get(0).getText());
            List<WebElement> urlRows = driver.findElements(By.cssSelector("tbody tr"));
            assertEquals(20, urlRows.size(), "products 100 to 119");
            assertTrue(
                    urlRows.get(0).getText().contains(app.baseUri() + "products/100"),
                    urlRows.get(0).getText());
            browser.screenshot(shots.resolve("sitemap-page.png"));

            driver.findElements(By.cssSelector("nav a[rel='prev']")).get(0).click();
            assertEquals(
                    "products: page 2 of 3",
                    driver.findElements(By.cssSelector("h1")).get(0).getText());
            driver.findElements(By.cssSelector("nav a")).get(0).click();
            assertEquals("Sitemap of " + app.baseUri(), driver.getTitle());

            driver.findElements(By.cssSelector("a[href='sitemap.html?section=pages&page=1']"))
                    .get(0)
                    .click();
            List<WebElement> about = driver.findElements(By.cssSelector("a[href='" + app.uri("about.html") + "']"));
            assertEquals(1, about.size());
            about.get(0).click();
            assertEquals(app.uri("about.html").toString(), driver.getCurrentUrl());
            assertEquals("About - SitemapKit test app", driver.getTitle());
            assertEquals(200, Http.get(app.uri("about.html")).status());
            assertTrue(Files.size(shots.resolve("sitemap-overview.png")) > 1000);
        }
    }

    /**
     * The status page, opened to requests from the node itself (status-view=loopback), as an
     * operator sees it: one row per section with its state, age, pages, URLs, skips and audit. The
     * screenshot is the one docs/operations.md shows.
     */
    @Test
    void anOperatorOnTheNodeReadsTheStatusPage() throws Exception {
        Browser.assumeInstalled();
        java.util.Map<String, String> params = new java.util.HashMap<>(SitemapContract.PARAMS);
        params.put("sitemapkit.status-view", "loopback");
        try (TomcatContainer app = TestWar.onTomcat("", params);
                Browser browser = Browser.start()) {
            assertEquals(200, Http.get(app.uri("sitemap.xml")).status()); // the sections are held from here on
            for (String section : List.of("pages", "products")) {
                Http.get(app.uri("sitemap.html?section=" + section + "&page=1"));
            }
            WebDriver driver = browser.driver();
            driver.get(app.uri("sitemap.html?status").toString());
            assertEquals("Sitemap status of " + app.baseUri(), driver.getTitle());
            List<WebElement> rows = driver.findElements(By.cssSelector("tbody tr"));
            assertTrue(rows.size() >= 2, "a row per section held: " + rows.size());
            assertTrue(
                    rows.stream().anyMatch(r -> r.getText().startsWith("products ok")),
                    () -> rows.stream().map(WebElement::getText).toList().toString());
            Path shots = Path.of(System.getProperty("itest.screenshots", "target/screenshots"));
            browser.screenshot(shots.resolve("sitemap-status.png"));
            assertTrue(Files.size(shots.resolve("sitemap-status.png")) > 1000);
        }
    }
}
