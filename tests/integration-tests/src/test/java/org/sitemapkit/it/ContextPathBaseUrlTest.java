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

    /**
     * Starts the shop at /shop with {@code baseUrl} and checks that the index, a page and the
     * robots.txt line name {@code site}, and that one INFO line at start says {@code said}.
     */
    static void listsUnder(String baseUrl, boolean asWritten, String site, String said) {
        try (LogRecords logs = LogRecords.of("org.sitemapkit", Level.INFO);
                JettyContainer jetty = shop(baseUrl, asWritten)) {
            String index = Http.get(jetty.origin() + "/shop/sitemap.xml").text();
            assertTrue(index.contains("<loc>" + site + "sitemap-pages-1.xml</loc>"), index);
            String page = Http.get(jetty.origin() + "/shop/sitemap-pages-1.xml").text();
            assertTrue(page.contains("<loc>" + site + "about</loc>"), page);
            String robots = Http.get(jetty.origin() + "/shop/robots.txt").text();
            assertTrue(robots.contains("Sitemap: " + site + "sitemap.xml"), robots);
            assertEquals(1, logs.containing("INFO", said, "/shop").size(), String.join("\n", logs.lines()));
        }
    }

    @Test
    void anOriginBaseUrlTakesTheContextPath() {
        listsUnder(
                "https://shop.example.com",
                false,
                "https://shop.example.com/shop/",
                "base-url https://shop.example.com/ names no path");
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
        listsUnder(
                "https://shop.example.com/",
                true,
                "https://shop.example.com/",
                "base-url https://shop.example.com/ is taken as written");
    }
}
