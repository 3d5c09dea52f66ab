package org.sitemapkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Set;
import java.util.logging.Level;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.junit.jupiter.api.Test;
import org.sitemapkit.SitemapFilter;
import org.sitemapkit.SitemapKit;
import org.sitemapkit.source.UrlSource;
import org.sitemapkit.testsupport.Crawl;
import org.sitemapkit.testsupport.Http;
import org.sitemapkit.testsupport.JettyContainer;
import org.sitemapkit.testsupport.LogRecords;

/**
 * A robots.txt made by code (not a static resource, so unknown to SitemapKit until it is first
 * served) on a plain Jetty: a sitemap rendered before it lists a URL it disallows until it is
 * served, then re-renders once without it; serving the same rules again renders nothing.
 */
class RobotsChangeTest {

    /** The application's listener: three URLs, one of them under /private/. */
    public static final class Pages implements ServletContextListener {
        @Override
        public void contextInitialized(ServletContextEvent event) {
            SitemapKit.of(event.getServletContext())
                    .register(UrlSource.paths("pages", "/", "/about", "/private/report"));
        }
    }

    /** robots.txt written by a servlet, its text set by the test. */
    public static final class Robots extends HttpServlet {
        private static final long serialVersionUID = 1L;
        static volatile String text = "User-agent: *\nDisallow: /private/\n";

        @Override
        protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
            response.setContentType("text/plain; charset=UTF-8");
            response.getWriter().print(text);
        }
    }

    @Test
    void aSitemapRenderedBeforeRobotsTxtWasServedReRendersOnceWithItsRules() throws Exception {
        try (LogRecords logs = LogRecords.of("org.sitemapkit", Level.INFO);
                JettyContainer jetty = JettyContainer.start("", SitemapFilter.class, ctx -> {
                    ctx.addEventListener(new Pages());
                    ctx.addServlet(new ServletHolder(new Robots()), "/robots.txt");
                })) {
            String origin = jetty.origin();
            assertEquals(
                    Set.of("/", "/about", "/private/report"),
                    Crawl.of(origin + "/sitemap.xml").paths(origin),
                    "nothing told SitemapKit of the rules yet");
            assertEquals(1, renders(logs));

            Http.Response robots = Http.get(origin + "/robots.txt");
            assertEquals(200, robots.status());
            assertTrue(robots.text().startsWith(Robots.text), robots.text());
            Crawl after =
                    LateSourceTest.crawlUntil(origin, c -> !c.paths(origin).contains("/private/report"));
            assertEquals(Set.of("/", "/about"), after.paths(origin));
            String changed = "INFO sitemapkit: the application's robots.txt for " + origin + "/ changed";
            assertEquals(
                    1, logs.containing(changed, "re-rendering", "[pages]").size(), String.join("\n", logs.lines()));
            assertEquals(2, renders(logs));
            String etag = Http.get(origin + "/sitemap.xml").header("ETag").orElseThrow();

            // The same file again, and the same rules written otherwise: nothing to render. The line and the
            // render would start within the robots.txt request, before its answer.
            for (int i = 0; i < 3; i++) {
                assertEquals(200, Http.get(origin + "/robots.txt").status());
            }
            Robots.text = "# the same rules, written otherwise\nUser-agent: *\n\ndisallow: /private/  # reports\n";
            assertEquals(200, Http.get(origin + "/robots.txt").status());
            assertEquals(1, logs.containing(changed).size(), String.join("\n", logs.lines()));
            assertEquals(2, renders(logs));
            assertEquals(etag, Http.get(origin + "/sitemap.xml").header("ETag").orElseThrow());

            // Rules that disallow another path: re-rendered again, the private report listed again.
            Robots.text = "User-agent: *\nDisallow: /about\n";
            assertEquals(200, Http.get(origin + "/robots.txt").status());
            Crawl again = LateSourceTest.crawlUntil(origin, c -> c.paths(origin).contains("/private/report"));
            assertEquals(Set.of("/", "/private/report"), again.paths(origin));
            assertEquals(2, logs.containing(changed).size(), String.join("\n", logs.lines()));
            assertEquals(3, renders(logs));
        } finally {
            Robots.text = "User-agent: *\nDisallow: /private/\n";
        }
    }

    private static int renders(LogRecords logs) {
        return logs.containing("INFO sitemapkit: rendered pages: ").size();
    }
}
