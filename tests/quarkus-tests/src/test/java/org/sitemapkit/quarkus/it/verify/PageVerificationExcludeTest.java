package org.sitemapkit.quarkus.it.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.sitemapkit.internal.status.SectionStatus;
import org.sitemapkit.internal.status.VerifyFindings;
import org.sitemapkit.testsupport.CheckedPages;
import org.sitemapkit.testsupport.Crawl;
import org.sitemapkit.testsupport.Http;

/** Under verify-action=exclude the bad pages leave the next render and the good ones stay. */
@QuarkusTest
@TestProfile(PageVerificationExcludeTest.Exclude.class)
class PageVerificationExcludeTest extends PageVerificationContract {
    public static class Exclude extends Settings {
        public Exclude() {
            super("exclude");
        }
    }

    @Test
    void underExcludeTheBadPagesLeaveTheNextRenderAndTheGoodOnesStay() {
        String root = origin() + "/sitemap.xml";
        assertEquals(200, Http.get(root).status());
        int good = CheckedPages.good().size();
        Crawl after = Crawl.until(origin() + CheckedPages.SITEMAP, Duration.ofSeconds(30), c -> c.count == good);
        Crawl.assertSameSet(CheckedPages.good(), after.paths(origin()));
        VerifyFindings f = findings(s -> s.verify() != null && s.verify().excluded() == 8);
        assertEquals(8, f.excluded(), f.summary());
        SectionStatus s = section();
        assertEquals(8L, s.skipped().get("FAILED_VERIFICATION"), s.skipped().toString());
    }
}
