package org.sitemapkit.quarkus.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusIntegrationTest;
import java.net.URL;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sitemapkit.testsupport.Crawl;
import org.sitemapkit.testsupport.Http;

/**
 * The application as {@code quarkus-maven-plugin} packaged it, started with {@code java -jar}: here
 * {@code sitemapkit-jaxrs} is a jar, which Quarkus reads through the jar's own Jandex index (the
 * {@code @QuarkusTest}s see the reactor's class folders instead), and the entries are those the build
 * recorded (the extension's) or wrote into the application's jar (the processor's index). The same
 * sitemap, robots.txt and gzip as the contract test's.
 */
@QuarkusIntegrationTest
class PackagedAppIT {
    @TestHTTPResource("/")
    URL root;

    @Test
    void thePackagedApplicationServesItsSitemap() {
        String base = root.toExternalForm().replaceAll("/$", "");
        Crawl crawl = Crawl.of(base + "/sitemap.xml");
        assertEquals(ItemCatalog.SIZE + 1, crawl.urls.size());
        assertTrue(crawl.urls.containsKey(base + "/api/about"), crawl.urls.keySet()::toString);

        Http.Response robots = Http.get(base + "/robots.txt");
        assertEquals(200, robots.status(), robots.describe());
        List<String> lines = robots.text().lines().toList();
        assertTrue(lines.contains("Disallow: /private/"), robots.text());
        assertEquals("Sitemap: " + base + "/sitemap.xml", lines.get(lines.size() - 1), robots.text());

        Http.Response gz = Http.get(base + "/sitemap-items-1.xml", "Accept-Encoding", "gzip");
        assertEquals("gzip", gz.header("Content-Encoding").orElseThrow(), gz.describe());
        Http.Response again = Http.get(
                base + "/sitemap-items-1.xml",
                "Accept-Encoding",
                "gzip",
                "If-None-Match",
                gz.header("ETag").orElseThrow());
        assertEquals(304, again.status(), again.describe());
    }
}
