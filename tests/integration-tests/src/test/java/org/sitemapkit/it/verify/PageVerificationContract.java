package org.sitemapkit.it.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;
import org.sitemapkit.SitemapKit;
import org.sitemapkit.internal.servlet.ServletStatus;
import org.sitemapkit.internal.status.SectionStatus;
import org.sitemapkit.internal.status.VerifyFindings;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;
import org.sitemapkit.testsupport.Await;
import org.sitemapkit.testsupport.CheckedPages;
import org.sitemapkit.testsupport.Container;
import org.sitemapkit.testsupport.Crawl;
import org.sitemapkit.testsupport.Http;
import org.sitemapkit.testsupport.LogRecords;
import org.sitemapkit.testsupport.VerifyPages;

/**
 * Page verification through the servlet filter, run unchanged on each container: every listed
 * page is asked of the application over loopback HTTP after the render, through the connector the
 * first request arrived on, and each kind of bad page is reported as what it is, or left out under
 * verify-action=exclude, while the good pages stay.
 */
abstract class PageVerificationContract {

    /**
     * Starts the application at the root with these context parameters, {@link VerifyPages} at
     * {@code /pages/*}, SitemapKit's filter on every request and {@code listener}, all in code.
     */
    abstract Container start(Map<String, String> params, ServletContextListener listener);

    @Test
    void eachBadPageIsReportedAsWhatItIsAndNothingElse() throws Exception {
        AtomicReference<ServletContext> context = new AtomicReference<>();
        try (LogRecords logs = LogRecords.of("org.sitemapkit", Level.INFO);
                Container app = start("report", context)) {
            assertEquals(200, Http.get(app.origin() + "/sitemap.xml").status());
            VerifyFindings f = findings(context.get(), s -> s.verify() != null);
            CheckedPages.assertReported(f.checked(), f.failed(), f.unreachable(), f.problems(), f.summary());
            assertEquals(
                    1,
                    logs.containing("WARNING", CheckedPages.warning(), "verify-action=report")
                            .size(),
                    String.join("\n", logs.lines()));
            Crawl crawl = Crawl.of(app.origin() + CheckedPages.SITEMAP);
            assertEquals(CheckedPages.EXPECTED.size(), crawl.count, "report only: every URL stays listed");
        }
    }

    @Test
    void underExcludeTheBadPagesLeaveTheNextRenderAndTheGoodOnesStay() throws Exception {
        AtomicReference<ServletContext> context = new AtomicReference<>();
        try (Container app = start("exclude", context)) {
            String root = app.origin() + "/sitemap.xml";
            assertEquals(200, Http.get(root).status());
            int good = CheckedPages.good().size();
            Crawl after =
                    Crawl.until(app.origin() + CheckedPages.SITEMAP, Duration.ofSeconds(30), c -> c.count == good);
            Crawl.assertSameSet(CheckedPages.good(), after.paths(app.origin()));
            VerifyFindings f = findings(
                    context.get(), s -> s.verify() != null && s.verify().excluded() == 8);
            assertEquals(8, f.excluded(), f.summary());
            SectionStatus s = section(context.get());
            assertEquals(8L, s.skipped().get("FAILED_VERIFICATION"), s.skipped().toString());
        }
    }

    private Container start(String action, AtomicReference<ServletContext> context) {
        Map<String, String> params = new TreeMap<>();
        CheckedPages.settings(action).forEach((k, v) -> params.put("sitemapkit." + k, v));
        return start(params, new ServletContextListener() {
            @Override
            public void contextInitialized(ServletContextEvent event) {
                context.set(event.getServletContext());
                SitemapKit.of(event.getServletContext()).register(checkedSource());
            }
        });
    }

    private static SectionStatus section(ServletContext context) {
        return ServletStatus.of(context).sections().stream()
                .filter(s -> s.section().equals(CheckedPages.SECTION))
                .findFirst()
                .orElseThrow();
    }

    /** The section's findings once {@code done} holds of its status; fails after 30 s. */
    private static VerifyFindings findings(ServletContext context, Predicate<SectionStatus> done) {
        return Await.until(Duration.ofSeconds(30), () -> section(context), done, SectionStatus::toString)
                .verify();
    }

    /** The listed URLs of {@link VerifyPages}, section {@link CheckedPages#SECTION}. */
    static UrlSource checkedSource() {
        return UrlSource.of(
                CheckedPages.SECTION,
                (Site site) -> CheckedPages.listed().stream().map(listed -> {
                    SitemapUrl.Builder b = SitemapUrl.builder(site.url(listed.path()));
                    listed.alternates().forEach((language, path) -> b.alternate(language, site.url(path)));
                    return b.build();
                }));
    }
}
