package org.sitemapkit.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.eclipse.jetty.server.Server;
import org.junit.jupiter.api.Test;
import org.sitemapkit.testsupport.Http;

/** {@code --base-url} reaches SitemapKit as {@code sitemapkit.base-url}: every loc starts with it. */
class BaseUrlTest {

    @Test
    void theSitemapListsUrlsUnderTheBaseUrl() throws Exception {
        Server server = SampleApp.newServer(
                0, ShopOptions.defaults().withProducts(12).withBaseUrl("https://shop.example.com/"));
        server.start();
        try {
            String local = "http://127.0.0.1:" + SampleApp.localPort(server);
            String index = Http.get(local + "/sitemap.xml").text();
            assertTrue(index.contains("<loc>https://shop.example.com/sitemap-products-1.xml</loc>"), index);
            String pages = Http.get(local + "/sitemap-pages-1.xml").text();
            for (String loc : Set.of("https://shop.example.com/", "https://shop.example.com/about")) {
                assertTrue(pages.contains("<loc>" + loc + "</loc>"), pages);
            }
            assertEquals(
                    "Sitemap: https://shop.example.com/sitemap.xml",
                    Http.get(local + "/robots.txt")
                            .text()
                            .strip()
                            .lines()
                            .reduce((a, b) -> b)
                            .orElse(""));
        } finally {
            server.stop();
        }
    }
}
