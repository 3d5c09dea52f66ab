package org.sitemapkit.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.sitemapkit.SitemapFilter;
import org.sitemapkit.SitemapKit;
import org.sitemapkit.model.Lastmod;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;
import org.sitemapkit.testsupport.JettyContainer;

/**
 * The test kit against real applications on Jetty with SitemapKit's filter: one whose sitemap is
 * right passes, and each way of being wrong fails with the problem named.
 */
class SitemapCheckTest {
    /** Answers every page 200, but /gone/... 404 and /robots.txt with a rule, when asked to. */
    public static final class Pages extends HttpServlet {
        private static final long serialVersionUID = 1L;

        @Override
        protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
            String path = req.getRequestURI();
            if (path.equals("/robots.txt")) {
                String rules = req.getServletContext().getInitParameter("test.robots");
                if (rules == null) {
                    resp.sendError(404);
                } else {
                    resp.setContentType("text/plain");
                    resp.getWriter().write(rules);
                }
                return;
            }
            resp.setStatus(path.startsWith("/gone/") ? 404 : 200);
            resp.setContentType("text/html");
            resp.getWriter().write("<h1>" + path + "</h1>");
        }
    }

    /** A page of the application and its lastmod. */
    record Page(String path, Lastmod lastmod) {}

    /** An application of {@code pages}, with these context parameters (name, value, ...). */
    private static JettyContainer app(List<Page> pages, String... params) {
        return JettyContainer.start("", ctx -> {
            for (int i = 0; i < params.length; i += 2) {
                ctx.setInitParameter(params[i], params[i + 1]);
            }
            ctx.addEventListener(new ServletContextListener() {
                @Override
                public void contextInitialized(ServletContextEvent e) {
                    SitemapKit.of(e.getServletContext())
                            .register(UrlSource.of(
                                    "pages",
                                    site -> pages.stream()
                                            .map(p -> SitemapUrl.builder(site.url(p.path()))
                                                    .lastmod(p.lastmod())
                                                    .build())));
                }
            });
            ctx.addFilter(SitemapFilter.class, "/*", EnumSet.of(DispatcherType.REQUEST));
            ctx.addServlet(Pages.class, "/*");
        });
    }

    /** {@code n} pages under {@code dir}, edited over the last months, as a catalogue's are. */
    private static List<Page> pages(int n, String dir) {
        Instant now = Instant.now();
        return IntStream.rangeClosed(1, n)
                .mapToObj(i ->
                        new Page("/" + dir + "/" + i, Lastmod.of(now.minusSeconds(86_400L * i + 3_600L * (i % 7)))))
                .toList();
    }

    @Test
    void aRightSitemapPasses() {
        try (JettyContainer app = app(pages(300, "p"))) {
            SitemapCheck.Result r = SitemapCheck.of(app.origin() + "/")
                    .minUrls(300)
                    .sample(15)
                    .maxSkipped(0)
                    .auditClean()
                    .run();
            assertEquals(300, r.urls().size());
            assertEquals(app.origin() + "/sitemap.xml", r.documents().get(0));
        }
    }

    @Test
    void tooFewUrlsAndAListedUrlThatIsGoneFailNamingBoth() {
        try (JettyContainer app = app(pages(40, "gone"))) {
            AssertionError e = assertThrows(
                    AssertionError.class,
                    () -> SitemapCheck.of(app.origin()).minUrls(1000).sample(3).run());
            assertTrue(e.getMessage().contains("40 URLs listed, fewer than the 1000 expected"), e.getMessage());
            assertTrue(e.getMessage().contains("/gone/1 is listed but answered 404"), e.getMessage());
        }
    }

    @Test
    void aDeployTimeForEveryLastmodFailsTheAudit() {
        Lastmod deploy = Lastmod.of(Instant.now().minusSeconds(7 * 86_400L));
        try (JettyContainer app = app(IntStream.rangeClosed(1, 150)
                .mapToObj(i -> new Page("/p/" + i, deploy))
                .toList())) {
            AssertionError e = assertThrows(
                    AssertionError.class,
                    () -> SitemapCheck.of(app.origin()).auditClean().run());
            assertTrue(e.getMessage().contains("150 of 150 URLs share the lastmod " + deploy), e.getMessage());
        }
    }

    @Test
    void aListedUrlThatRobotsTxtDisallowsFails() {
        try (JettyContainer app = app(
                pages(5, "p"), "sitemapkit.robots-check", "false", "test.robots", "User-agent: *\nDisallow: /p/3\n")) {
            AssertionError e = assertThrows(
                    AssertionError.class, () -> SitemapCheck.of(app.origin()).run());
            assertTrue(
                    e.getMessage().contains("disallows 1 listed URL(s), such as " + app.origin() + "/p/3"),
                    e.getMessage());
        }
    }
}
