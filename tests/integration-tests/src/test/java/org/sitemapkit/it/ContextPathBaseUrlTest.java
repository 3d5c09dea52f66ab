package org.sitemapkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
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

    static JettyContainer shop(String baseUrl, boolean asWritten) {
        return JettyContainer.start("/shop", SitemapFilter.class, ctx -> {
            ctx.setInitParameter("sitemapkit.base-url", baseUrl);
            if (asWritten) {
                ctx.setInitParameter("sitemapkit.base-url-as-written", "true");
            }
            ctx.addEventListener(new jakarta.servlet.ServletContextListener() {
                @Override
                public void contextInitialized(jakarta.servlet.ServletContextEvent event) {
                    org.sitemapkit.SitemapKit.of(event.getServletContext())
                            .register(UrlSource.paths("pages", "/", "/about"))
                            .register(UrlSource.paths("news", "/news/1"));
                }
            });
        });
    }

    @Test
    void anOriginBaseUrlTakesTheContextPath() {
        try (LogRecords logs = LogRecords.of("org.sitemapkit", Level.INFO);
                JettyContainer jetty = shop("https://shop.example.com", false)) {
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

    @Test
    void aBaseUrlAtAnotherPathFailsStartUpNamingBoth() {
        IllegalStateException e = assertThrows(
                IllegalStateException.class,
                () -> shop("https://shop.example.com/store/", false).close());
        assertTrue(e.getMessage().contains("base-url https://shop.example.com/store/"), e.getMessage());
        assertTrue(e.getMessage().contains("context path /shop"), e.getMessage());
        assertTrue(e.getMessage().contains("base-url-as-written=true"), e.getMessage());
    }

    /** A proxy serves the application at the host's root and strips /shop before passing requests on. */
    @Test
    void behindAProxyThatStripsTheContextPathTheBaseUrlIsTakenAsWritten() {
        try (LogRecords logs = LogRecords.of("org.sitemapkit", Level.INFO);
                JettyContainer jetty = shop("https://shop.example.com/", true)) {
            String index = Http.get(jetty.origin() + "/shop/sitemap.xml").text();
            assertTrue(index.contains("<loc>https://shop.example.com/sitemap-pages-1.xml</loc>"), index);
            String page = Http.get(jetty.origin() + "/shop/sitemap-pages-1.xml").text();
            assertTrue(page.contains("<loc>https://shop.example.com/about</loc>"), page);
            String robots = Http.get(jetty.origin() + "/shop/robots.txt").text();
            assertTrue(robots.contains("Sitemap: https://shop.example.com/sitemap.xml"), robots);
            assertEquals(
                    1,
                    logs.containing("INFO", "base-url https://shop.example.com/ is taken as written", "/shop")
                            .size(),
                    String.join("\n", logs.lines()));
        }
    }
}
