package org.sitemapkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.logging.Level;
import org.junit.jupiter.api.Test;
import org.sitemapkit.SitemapFilter;
import org.sitemapkit.source.UrlSource;
import org.sitemapkit.testsupport.Http;
import org.sitemapkit.testsupport.JettyContainer;
import org.sitemapkit.testsupport.LogRecords;

/**
 * An application deployed at /shop whose base-url names only the origin, as a user writes it: the
 * sitemap's URLs, its index and the robots.txt line are under /shop, not at the host's root where
 * they would all be 404s, and the start-up says so.
 */
class ContextPathBaseUrlTest {

    @Test
    void anOriginBaseUrlTakesTheContextPath() {
        try (LogRecords logs = LogRecords.of("org.sitemapkit", Level.INFO);
                JettyContainer jetty = JettyContainer.start("/shop", SitemapFilter.class, ctx -> {
                    ctx.setInitParameter("sitemapkit.base-url", "https://shop.example.com");
                    ctx.addEventListener(new jakarta.servlet.ServletContextListener() {
                        @Override
                        public void contextInitialized(jakarta.servlet.ServletContextEvent event) {
                            org.sitemapkit.SitemapKit.of(event.getServletContext())
                                    .register(UrlSource.paths("pages", "/", "/about"))
                                    .register(UrlSource.paths("news", "/news/1"));
                        }
                    });
                })) {
            String index = Http.get(jetty.origin() + "/shop/sitemap.xml").text();
            assertTrue(index.contains("<loc>https://shop.example.com/shop/sitemap-pages-1.xml</loc>"), index);
            String page = Http.get(jetty.origin() + "/shop/sitemap-pages-1.xml").text();
            assertTrue(page.contains("<loc>https://shop.example.com/shop/about</loc>"), page);
            String robots = Http.get(jetty.origin() + "/shop/robots.txt").text();
            assertTrue(robots.contains("Sitemap: https://shop.example.com/shop/sitemap.xml"), robots);
            assertEquals(
                    1,
                    logs.containing("INFO", "base-url https://shop.example.com/ names no path", "/shop")
                            .size(),
                    String.join("\n", logs.lines()));
        }
    }
}
