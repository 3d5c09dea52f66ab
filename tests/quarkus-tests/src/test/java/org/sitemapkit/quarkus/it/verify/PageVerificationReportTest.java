package org.sitemapkit.quarkus.it.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;
import org.sitemapkit.internal.status.VerifyFindings;
import org.sitemapkit.testsupport.CheckedPages;
import org.sitemapkit.testsupport.Crawl;
import org.sitemapkit.testsupport.Http;
import org.sitemapkit.testsupport.LogRecords;

/** Under verify-action=report each bad page is reported as exactly its problem, and every URL stays listed. */
@QuarkusTest
@TestProfile(PageVerificationReportTest.Report.class)
class PageVerificationReportTest extends PageVerificationContract {
    public static class Report extends Settings {
        public Report() {
            super("report");
        }
    }

    @Test
    void eachBadPageIsReportedAsWhatItIsAndNothingElse() {
        try (LogRecords logs = LogRecords.of("org.sitemapkit", Level.INFO)) {
            assertEquals(200, Http.get(origin() + "/sitemap.xml").status());
            VerifyFindings f = findings(s -> s.verify() != null);
            CheckedPages.assertReported(f.checked(), f.failed(), f.unreachable(), f.problems(), f.summary());
            assertEquals(
                    1,
                    logs.containing("WARN", CheckedPages.warning(), "verify-action=report")
                            .size(),
                    String.join("\n", logs.lines()));
            Crawl crawl = Crawl.of(origin() + CheckedPages.SITEMAP);
            assertEquals(CheckedPages.EXPECTED.size(), crawl.count, "report only: every URL stays listed");
        }
    }
}
