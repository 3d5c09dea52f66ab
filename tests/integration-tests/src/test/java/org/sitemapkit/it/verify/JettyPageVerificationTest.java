package org.sitemapkit.it.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Level;
import java.util.stream.Collectors;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.junit.jupiter.api.Test;
import org.sitemapkit.SitemapFilter;
import org.sitemapkit.SitemapKit;
import org.sitemapkit.internal.servlet.ServletStatus;
import org.sitemapkit.internal.status.SectionStatus;
import org.sitemapkit.internal.status.VerifyFindings;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;
import org.sitemapkit.testsupport.Crawl;
import org.sitemapkit.testsupport.Http;
import org.sitemapkit.testsupport.JettyContainer;
import org.sitemapkit.testsupport.LogRecords;
import org.sitemapkit.testsupport.VerifyPages;

/**
 * Page verification on Jetty 12 through the servlet filter: every listed page is asked of the
 * application over loopback HTTP after the render, and each kind of bad page is reported as what
 * it is, or left out under verify-action=exclude, while the good pages stay.
 */
class JettyPageVerificationTest {

    @Test
    void eachBadPageIsReportedAsWhatItIsAndNothingElse() throws Exception {
        AtomicReference<ServletContext> context = new AtomicReference<>();
        try (LogRecords logs = LogRecords.of("org.sitemapkit", Level.INFO);
                JettyContainer jetty = start("report", context)) {
            assertEquals(200, Http.get(jetty.origin() + "/sitemap.xml").status());
            VerifyFindings f = findings(context.get(), s -> s.verify() != null);
            assertEquals(11, f.checked(), f.summary());
            assertEquals(0, f.unreachable(), f.summary());
            Map<String, Long> expected = VerifyPages.EXPECTED.values().stream()
                    .filter(p -> !p.equals("-"))
                    .collect(Collectors.toMap(p -> p, p -> 1L, Long::sum, TreeMap::new));
            assertEquals(expected, new TreeMap<>(f.problems()), f.summary());
            assertEquals(8, f.failed());
            assertEquals(
                    1,
                    logs.containing("WARNING", "8 of 11 listed URLs of section pages", "verify-action=report")
                            .size(),
                    String.join("\n", logs.lines()));
            Crawl crawl = Crawl.of(jetty.origin() + "/sitemap.xml");
            assertEquals(11, crawl.count, "report only: every URL stays listed");
        }
    }

    @Test
    void underExcludeTheBadPagesLeaveTheNextRenderAndTheGoodOnesStay() throws Exception {
        AtomicReference<ServletContext> context = new AtomicReference<>();
        try (JettyContainer jetty = start("exclude", context)) {
            String root = jetty.origin() + "/sitemap.xml";
            assertEquals(200, Http.get(root).status());
            Crawl after = Crawl.until(root, Duration.ofSeconds(30), c -> c.count == 3);
            Set<String> good = VerifyPages.EXPECTED.entrySet().stream()
                    .filter(e -> e.getValue().equals("-"))
                    .map(Map.Entry::getKey)
                    .collect(Collectors.toSet());
            Crawl.assertSameSet(good, after.paths(jetty.origin()));
            SectionStatus s = section(context.get());
            assertEquals(8L, s.skipped().get("FAILED_VERIFICATION"), s.skipped().toString());
            VerifyFindings f = findings(
                    context.get(), x -> x.verify() != null && x.verify().excluded() == 8);
            assertEquals(8, f.excluded(), f.summary());
        }
    }

    private static JettyContainer start(String action, AtomicReference<ServletContext> context) {
        return JettyContainer.start("", SitemapFilter.class, ctx -> {
            ctx.setInitParameter("sitemapkit.verify", "all");
            ctx.setInitParameter("sitemapkit.verify-action", action);
            ctx.setInitParameter("sitemapkit.verify-timeout", "1s");
            ctx.setInitParameter("sitemapkit.verify-rate", "1000");
            ctx.setInitParameter("sitemapkit.verify-concurrency", "4");
            ctx.addServlet(new ServletHolder(new VerifyPages()), "/pages/*");
            ctx.addEventListener(new ServletContextListener() {
                @Override
                public void contextInitialized(ServletContextEvent event) {
                    context.set(event.getServletContext());
                    SitemapKit.of(event.getServletContext()).register(source());
                }
            });
        });
    }

    /** Every page of {@link VerifyPages} listed, with the alternates it names. */
    private static UrlSource source() {
        return UrlSource.of(
                "pages",
                site -> VerifyPages.EXPECTED.keySet().stream().sorted().map(path -> {
                    SitemapUrl.Builder b = SitemapUrl.builder(site.url(path.substring(1)));
                    VerifyPages.ALTERNATES
                            .getOrDefault(path, Map.of())
                            .forEach((lang, to) -> b.alternate(lang, site.url(to.substring(1))));
                    return b.build();
                }));
    }

    private static SectionStatus section(ServletContext context) {
        return ServletStatus.of(context).sections().stream()
                .filter(s -> s.section().equals("pages"))
                .findFirst()
                .orElseThrow();
    }

    private static VerifyFindings findings(ServletContext context, java.util.function.Predicate<SectionStatus> done)
            throws InterruptedException {
        long until = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < until) {
            SectionStatus s = section(context);
            if (done.test(s)) {
                assertNotNull(s.verify());
                return s.verify();
            }
            Thread.sleep(50);
        }
        SectionStatus s = section(context);
        assertTrue(false, "no page check in 30 s: " + s);
        return null;
    }
}
