package org.sitemapkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * What a person sees at /sitemap.html in headless Chromium, on the drop-in Tomcat deployment:
 * the sections and their pages, a page's URLs, and a URL that leads to the live page.
 */
class SitemapHtmlBrowserTest {
    @Test
    void aPersonBrowsesTheSitemapAndFollowsAUrl() throws Exception {
        Assumptions.assumeTrue(
                WebDriver.available(), "Chromium not installed: apt-get install chromium chromium-driver");
        try (TomcatContainer app = TomcatContainer.start("", SitemapContract.PARAMS);
                WebDriver browser = WebDriver.start()) {
            browser.navigate(app.baseUri().resolve("sitemap.html"));
            assertEquals("Sitemap of " + app.baseUri(), browser.title());
            List<String> rows = browser.findElements("tbody tr");
            assertEquals(3, rows.size(), "flaky, pages, products");
            assertTrue(browser.text(rows.get(2)).startsWith("products 120"), browser.text(rows.get(2)));
            Path shots = Path.of(System.getProperty("itest.screenshots", "target/screenshots"));
            browser.screenshot(shots.resolve("sitemap-overview.png"));

            List<String> productPages = browser.findElements("a[href='sitemap.html?section=products&page=3']");
            assertEquals(1, productPages.size());
            browser.click(productPages.get(0));
            assertEquals(
                    app.baseUri()
                            .resolve("sitemap.html?section=products&page=3")
                            .toString(),
                    browser.currentUrl());
            assertEquals(
                    "products: page 3 of 3",
                    browser.text(browser.findElements("h1").get(0)));
            List<String> urlRows = browser.findElements("tbody tr");
            assertEquals(20, urlRows.size(), "products 100 to 119");
            assertTrue(
                    browser.text(urlRows.get(0)).contains(app.baseUri() + "products/100"),
                    browser.text(urlRows.get(0)));
            browser.screenshot(shots.resolve("sitemap-page.png"));

            browser.click(browser.findElements("nav a[rel='prev']").get(0));
            assertEquals(
                    "products: page 2 of 3",
                    browser.text(browser.findElements("h1").get(0)));
            browser.click(browser.findElements("nav a").get(0));
            assertEquals("Sitemap of " + app.baseUri(), browser.title());

            browser.click(browser.findElements("a[href='sitemap.html?section=pages&page=1']")
                    .get(0));
            List<String> about = browser.findElements("a[href='" + app.baseUri().resolve("about.html") + "']");
            assertEquals(1, about.size());
            browser.click(about.get(0));
            assertEquals(app.baseUri().resolve("about.html").toString(), browser.currentUrl());
            assertEquals("About - SitemapKit test app", browser.title());
            assertEquals(200, Http.get(app.baseUri().resolve("about.html")).status());
            assertTrue(Files.size(shots.resolve("sitemap-overview.png")) > 1000);
        }
    }
}
