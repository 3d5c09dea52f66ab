package org.sitemapkit.quarkus.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sitemapkit.testsupport.Crawl;
import org.sitemapkit.testsupport.Http;

/**
 * Quarkus REST under {@code quarkus.rest.path}: it sees only requests below that path, so the
 * sitemap is served there, lists the pages under it, and the start-up log says that crawlers do
 * not read a robots.txt that is not at the host's root.
 */
@QuarkusTest
@TestProfile(RestPathTest.UnderShopApi.class)
class RestPathTest {
    /** The same application with its REST path moved. */
    public static class UnderShopApi implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.rest.path", "/shop-api");
        }
    }

    @TestHTTPResource("/")
    URL root;

    @Test
    void theSitemapIsServedUnderTheRestPathAndTheLogSaysWhy() throws IOException {
        String base = root.toExternalForm().replaceAll("/$", "");
        Crawl crawl = Crawl.of(base + "/shop-api/sitemap.xml");
        assertTrue(crawl.urls.containsKey(base + "/shop-api/api/about"), crawl.urls.keySet()::toString);
        assertEquals(ItemCatalog.SIZE + 1, crawl.urls.size());
        assertEquals(404, Http.get(base + "/sitemap.xml").status(), "Quarkus REST never sees the host's root");
        String log = Files.readString(Path.of("target/quarkus-test.log"));
        assertTrue(
                log.contains("this application runs at /shop-api; crawlers read robots.txt only at the host root"),
                "the start-up warning");
    }
}
