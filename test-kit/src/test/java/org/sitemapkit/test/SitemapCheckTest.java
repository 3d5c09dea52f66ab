package org.sitemapkit.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.stream.IntStream;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.junit.jupiter.api.Test;
import org.sitemapkit.SitemapFilter;
import org.sitemapkit.SitemapKit;
import org.sitemapkit.model.Lastmod;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;
import org.sitemapkit.testsupport.CheckedPages;
import org.sitemapkit.testsupport.JettyContainer;
import org.sitemapkit.testsupport.VerifyPages;

/**
 * The test kit against real applications on Jetty with SitemapKit's filter: one whose sitemap is
 * right passes, and each way of being wrong fails with the problem named; with the page check, each
 * kind of bad page fails with the problem SitemapKit's own page verification finds in it (the table
 * integration-tests' JettyPageVerificationTest holds core to).
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
        return app(
                UrlSource.of(
                        "pages",
                        site -> pages.stream()
                                .map(p -> SitemapUrl.builder(site.url(p.path()))
                                        .lastmod(p.lastmod())
                                        .build())),
                ctx -> {
                    for (int i = 0; i < params.length; i += 2) {
                        ctx.setInitParameter(params[i], params[i + 1]);
                    }
                    ctx.addServlet(Pages.class, "/*");
                });
    }

    /** An application with SitemapKit's filter and {@code source}, set up by {@code setup}. */
    private static JettyContainer app(UrlSource source, Consumer<ServletContextHandler> setup) {
        return JettyContainer.start(
                "",
                SitemapFilter.class,
                setup.andThen(ctx -> ctx.addEventListener(new ServletContextListener() {
                    @Override
                    public void contextInitialized(ServletContextEvent e) {
                        SitemapKit.of(e.getServletContext()).register(source);
                    }
                })));
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

    @Test
    void eachBadPageFailsThePageCheckWithTheProblemSitemapKitFindsInItAndTheGoodOnesPass() {
        try (JettyContainer app = verifyApp(path -> true)) {
            AssertionError e = assertThrows(
                    AssertionError.class,
                    () -> SitemapCheck.of(app.origin())
                            .sampleAll()
                            .checkPages()
                            .pageTimeout(Duration.ofSeconds(1))
                            .run());
            String m = e.getMessage();
            assertTrue(m.contains(" has 8 problem(s):"), m);
            CheckedPages.EXPECTED.forEach((path, problem) -> {
                String failure = app.origin() + path + " is listed but fails as a crawler finds it: ";
                if (problem.equals("-")) {
                    assertTrue(!m.contains(app.origin() + path + " "), path + " passes: " + m);
                } else {
                    assertTrue(m.contains(failure + problem), path + " fails with " + problem + ": " + m);
                }
            });
            String origin = app.origin();
            for (String detail : List.of(
                    "/pages/moved is listed but fails as a crawler finds it: REDIRECT: 302 to " + origin + "/pages/ok",
                    "/pages/gone is listed but fails as a crawler finds it: NOT_FOUND: 404",
                    "/pages/broken is listed but fails as a crawler finds it: STATUS: 500",
                    "/pages/noindex-header is listed but fails as a crawler finds it: NOINDEX_HEADER: X-Robots-Tag:"
                            + " noindex, nofollow",
                    "/pages/noindex-meta is listed but fails as a crawler finds it: NOINDEX_META: meta robots: noindex",
                    "/pages/canonical-elsewhere is listed but fails as a crawler finds it: CANONICAL_ELSEWHERE:"
                            + " canonical " + origin + "/pages/ok",
                    "/pages/hang is listed but fails as a crawler finds it: TIMEOUT: no answer in 1000 ms",
                    "/pages/one-sided is listed but fails as a crawler finds it: HREFLANG_UNCONFIRMED: not declared"
                            + " by the page: [de]")) {
                assertTrue(m.contains(origin + detail), detail + "\n" + m);
            }
        }
    }

    @Test
    void aSiteOfGoodPagesPassesThePageCheckWithItsHreflangConfirmed() {
        try (JettyContainer app =
                verifyApp(path -> CheckedPages.EXPECTED.get(path).equals("-"))) {
            SitemapCheck.Result r =
                    SitemapCheck.of(app.origin()).sampleAll().checkPages().run();
            assertEquals(3, r.urls().size(), r.urls().toString());
        }
    }

    @Test
    void thePageCheckLooksOnlyAtTheSample() {
        // 11 pages sorted by path, a sample of 2 takes the 1st and the 6th: /pages/broken and /pages/noindex-header
        try (JettyContainer app = verifyApp(path -> true)) {
            AssertionError e = assertThrows(
                    AssertionError.class,
                    () -> SitemapCheck.of(app.origin()).sample(2).checkPages().run());
            assertTrue(e.getMessage().contains(" has 2 problem(s):"), e.getMessage());
            assertTrue(
                    e.getMessage().contains("/pages/broken is listed but fails as a crawler finds it: STATUS: 500"),
                    e.getMessage());
            assertTrue(
                    e.getMessage()
                            .contains(
                                    "/pages/noindex-header is listed but fails as a crawler finds it: NOINDEX_HEADER"),
                    e.getMessage());
        }
    }

    /**
     * An application listing the pages of {@link CheckedPages} that {@code listed} takes, with the
     * alternates they name; its own page verification off, so that only the test kit checks them.
     */
    private static JettyContainer verifyApp(Predicate<String> listed) {
        UrlSource source = UrlSource.of(
                "pages",
                site -> CheckedPages.listed().stream()
                        .filter(l -> listed.test("/" + l.path()))
                        .map(l -> {
                            SitemapUrl.Builder b = SitemapUrl.builder(site.url(l.path()));
                            l.alternates().forEach((lang, to) -> b.alternate(lang, site.url(to)));
                            return b.build();
                        }));
        return app(source, ctx -> {
            ctx.setInitParameter("sitemapkit.verify", "off");
            ctx.addServlet(new ServletHolder(new VerifyPages()), "/pages/*");
        });
    }
}
