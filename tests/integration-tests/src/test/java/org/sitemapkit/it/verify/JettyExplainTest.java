package org.sitemapkit.it.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import java.lang.management.ManagementFactory;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.junit.jupiter.api.Test;
import org.sitemapkit.SitemapFilter;
import org.sitemapkit.SitemapKit;
import org.sitemapkit.internal.status.JmxSections;
import org.sitemapkit.testsupport.Crawl;
import org.sitemapkit.testsupport.Http;
import org.sitemapkit.testsupport.JettyContainer;
import org.sitemapkit.testsupport.VerifyPages;

/**
 * "Why is this URL (not) listed?" on Jetty 12 through the servlet filter: the HTML view answers
 * whom the status view lets in, and JMX answers the same; a URL a page check left out names the
 * check that failed.
 */
class JettyExplainTest {

    @Test
    void theHtmlViewAndJmxExplainListedAndLeftOutUrls() throws Exception {
        try (JettyContainer jetty = JettyContainer.start("", SitemapFilter.class, ctx -> {
            ctx.setInitParameter("sitemapkit.verify", "all");
            ctx.setInitParameter("sitemapkit.verify-action", "exclude");
            ctx.setInitParameter("sitemapkit.verify-timeout", "1s");
            ctx.setInitParameter("sitemapkit.verify-rate", "1000");
            ctx.setInitParameter("sitemapkit.verify-concurrency", "4");
            ctx.setInitParameter("sitemapkit.status-view", "loopback");
            ctx.setInitParameter("sitemapkit.exclude", "/pages/plain$");
            ctx.addServlet(new ServletHolder(new VerifyPages()), "/pages/*");
            ctx.addEventListener(new ServletContextListener() {
                @Override
                public void contextInitialized(ServletContextEvent event) {
                    SitemapKit.of(event.getServletContext()).register(PageVerificationContract.checkedSource());
                }
            });
        })) {
            String origin = jetty.origin();
            Crawl.until(origin + "/sitemap.xml", Duration.ofSeconds(30), c -> c.count == 2);
            Http.Response listed = explain(origin, origin + "/pages/ok");
            assertEquals(200, listed.status(), listed.describe());
            assertEquals("no-store", listed.header("Cache-Control").orElseThrow());
            assertTrue(listed.text().contains("<strong>listed</strong>"), listed.text());
            assertTrue(listed.text().contains("sitemap-checked-1.xml"), listed.text());
            assertTrue(listed.text().contains("passed at "), "its last page check: " + listed.text());

            Http.Response gone = explain(origin, origin + "/pages/gone");
            assertTrue(gone.text().contains("<strong>skipped</strong>"), gone.text());
            assertTrue(
                    gone.text().contains("FAILED_VERIFICATION: its last page check failed (NOT_FOUND: 404)"),
                    gone.text());

            Http.Response excluded = explain(origin, "/pages/plain");
            assertTrue(
                    excluded.text().contains("EXCLUDED: its path matches a pattern of the exclude setting"),
                    excluded.text());

            Http.Response nothing = explain(origin, origin + "/nowhere");
            assertTrue(nothing.text().contains("<strong>unknown</strong>"), nothing.text());

            assertEquals(400, Http.get(origin + "/sitemap.html?explain=%C3%28").status(), "a query that is no UTF-8");
            assertEquals(
                    404,
                    Http.get(origin + "/sitemap.html?explain=x", "X-Forwarded-For", "203.0.113.9")
                            .status(),
                    "through a proxy: the status view's rules");

            String jmx = (String) ManagementFactory.getPlatformMBeanServer()
                    .invoke(
                            JmxSections.explainName("/"),
                            "explain",
                            new Object[] {origin + "/pages/moved"},
                            new String[] {String.class.getName()});
            assertTrue(jmx.startsWith(origin + "/pages/moved: skipped"), jmx);
            assertTrue(jmx.contains("FAILED_VERIFICATION: its last page check failed (REDIRECT: 302 to "), jmx);
        }
    }

    private static Http.Response explain(String origin, String url) {
        return Http.get(origin + "/sitemap.html?explain=" + URLEncoder.encode(url, StandardCharsets.UTF_8));
    }
}
