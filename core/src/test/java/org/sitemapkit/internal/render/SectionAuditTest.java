package org.sitemapkit.internal.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.sitemapkit.model.Alternate;
import org.sitemapkit.model.Lastmod;

/**
 * The lastmod audit on the patterns that make search engines distrust lastmod, and on honest
 * catalogues that must stay clean: edits spread over two years, a small section edited at once,
 * a date of today.
 */
class SectionAuditTest {
    private static final Instant START = Instant.now().minusSeconds(5);

    private static void add(SectionAudit audit, int id, Lastmod lastmod) {
        audit.add(lastmod, "https://shop.example.com/products/" + id);
    }

    @Test
    void aCatalogueEditedOverTwoYearsIsClean() {
        SectionAudit audit = new SectionAudit(START.toEpochMilli());
        SplittableRandom random = new SplittableRandom(7);
        for (int id = 1; id <= 20_000; id++) {
            long back = (long)
                    (Math.pow(random.nextDouble(), 2) * Duration.ofDays(730).toSeconds());
            add(audit, id, Lastmod.of(START.minusSeconds(back + 3600)));
        }
        SectionAudit.Findings f = audit.findings(20_000, System.currentTimeMillis());
        assertTrue(f.clean(), f::describe);
        assertEquals("", f.describe());
        assertEquals(20_000, f.withLastmod());
    }

    @Test
    void aSharedLastmodAmongManyDistinctOnesIsFoundWhereverItsRowsFallAndNotWhenItIsShort() {
        // the counters' index is replaced on nearly every row here: the shared value must survive it
        SplittableRandom random = new SplittableRandom(24);
        Lastmod deploy = Lastmod.of(START.minus(Duration.ofDays(3)));
        for (int round = 0; round < 40; round++) {
            int urls = 2_000 + random.nextInt(50_000);
            double share = round % 2 == 0 ? 0.95 : 0.85;
            boolean distinctFirst = round % 4 < 2; // the other rounds interleave them
            int shared = (int) (urls * share);
            SectionAudit audit = new SectionAudit(START.toEpochMilli());
            for (int id = 0; id < urls; id++) {
                boolean isShared = distinctFirst ? id >= urls - shared : random.nextDouble() < share;
                add(
                        audit,
                        id,
                        isShared ? deploy : Lastmod.of(START.minusSeconds(86_400L * 40 + random.nextInt(1 << 26))));
            }
            SectionAudit.Findings f = audit.findings(urls, System.currentTimeMillis());
            String what = urls + " URLs, " + share + (distinctFirst ? " after the distinct ones" : " interleaved");
            if (share > 0.9) {
                assertEquals(deploy.toString(), f.shared(), what);
                assertTrue(f.sharedCount() * 10 > urls * 9L, what + ": " + f.sharedCount());
            } else {
                assertNull(f.shared(), what);
            }
        }
    }

    @Test
    void oneDeployTimeForNearlyEveryUrlIsFlaggedWithItsCount() {
        SectionAudit audit = new SectionAudit(START.toEpochMilli());
        Lastmod deploy = Lastmod.of(START.minus(Duration.ofDays(3)));
        for (int id = 1; id <= 5_000; id++) {
            // interleaved, as rows in key order are: 95% the deploy time, 5% each its own edit
            add(audit, id, id % 20 == 0 ? Lastmod.of(START.minusSeconds(86_400L * 30 + id)) : deploy);
        }
        SectionAudit.Findings f = audit.findings(5_000, System.currentTimeMillis());
        assertEquals(deploy.toString(), f.shared());
        assertEquals(4_750, f.sharedCount(), "exact while few values compete");
        assertTrue(f.describe().contains("4750 of 5000 URLs share the lastmod " + deploy), f.describe());
        assertEquals(0, f.future());
        assertFalse(f.allAtRender());
    }

    @Test
    void aSmallSectionEditedAtOnceIsNotFlagged() {
        SectionAudit audit = new SectionAudit(START.toEpochMilli());
        Lastmod edited = Lastmod.of(LocalDate.of(2026, 9, 14));
        for (int id = 1; id <= 12; id++) {
            add(audit, id, edited);
        }
        assertTrue(audit.findings(12, System.currentTimeMillis()).clean());
    }

    @Test
    void lastmodsInTheFutureAreCountedWithTheFirstAsExample() {
        SectionAudit audit = new SectionAudit(START.toEpochMilli());
        add(audit, 1, Lastmod.of(START.minusSeconds(3600)));
        add(audit, 2, Lastmod.of(START.plus(Duration.ofDays(2))));
        add(audit, 3, Lastmod.of(START.plus(Duration.ofDays(400))));
        // today as a date is not in the future, whatever the hour
        add(audit, 4, Lastmod.of(LocalDate.now(ZoneOffset.UTC)));
        SectionAudit.Findings f = audit.findings(4, System.currentTimeMillis());
        assertEquals(2, f.future());
        assertTrue(f.futureExample().startsWith("https://shop.example.com/products/2 "), f.futureExample());
        assertNull(f.shared());
    }

    @Test
    void lastmodsMadeAtQueryTimeAreFlaggedTwice() {
        SectionAudit audit = new SectionAudit(START.toEpochMilli());
        for (int id = 1; id <= 300; id++) {
            add(audit, id, Lastmod.of(Instant.now())); // "SELECT ..., now() AS updated"
        }
        SectionAudit.Findings f = audit.findings(300, System.currentTimeMillis());
        assertEquals(300, f.newer());
        assertTrue(f.allAtRender());
        assertTrue(f.describe().contains("every lastmod is the time of the render"), f.describe());
    }

    @Test
    void urlsWithoutLastmodAreNotAudited() {
        SectionAudit audit = new SectionAudit(START.toEpochMilli());
        for (int id = 1; id <= 500; id++) {
            add(audit, id, null);
        }
        SectionAudit.Findings f = audit.findings(500, System.currentTimeMillis());
        assertTrue(f.clean());
        assertEquals(0, f.withLastmod());
    }

    private static List<Alternate> versions(String en, String de) {
        return List.of(Alternate.of("en", en), Alternate.of("de", de), Alternate.of("x-default", en));
    }

    @Test
    void reciprocalHreflangLinksAreClean() {
        SectionAudit audit = new SectionAudit(START.toEpochMilli());
        for (int id = 1; id <= 500; id++) {
            String en = "https://shop.example.com/en/" + id;
            String de = "https://shop.example.com/de/" + id;
            audit.alternates(en, versions(en, de));
            audit.alternates(de, versions(en, de));
        }
        SectionAudit.Findings f = audit.findings(1000, System.currentTimeMillis());
        assertEquals(1000, f.hreflangLinks(), "en to de, de to en (x-default is en itself or en again)");
        assertEquals(0, f.oneSidedLinks());
        assertTrue(f.clean(), f::describe);
    }

    @Test
    void aLinkWhoseTargetDoesNotLinkBackIsReportedNotDropped() {
        SectionAudit audit = new SectionAudit(START.toEpochMilli());
        String en = "https://shop.example.com/en/1";
        String de = "https://shop.example.com/de/1";
        String fr = "https://shop.example.com/fr/1";
        audit.alternates(en, List.of(Alternate.of("en", en), Alternate.of("de", de), Alternate.of("fr", fr)));
        audit.alternates(de, versions(en, de)); // de knows no fr
        audit.alternates(fr, List.of(Alternate.of("fr", fr), Alternate.of("en", en)));
        SectionAudit.Findings f = audit.findings(3, System.currentTimeMillis());
        assertEquals(4, f.hreflangLinks(), "en to de and fr, de to en, fr to en");
        assertEquals(0, f.oneSidedLinks(), "every link answered; de and fr do not link each other at all");
        audit = new SectionAudit(START.toEpochMilli());
        audit.alternates(en, versions(en, de));
        audit.alternates(de, List.of(Alternate.of("de", de))); // de lists only itself
        f = audit.findings(2, System.currentTimeMillis());
        assertEquals(1, f.oneSidedLinks());
        assertEquals(en + " links to " + de + ", which does not link back", f.oneSidedExample());
        assertTrue(f.describe().contains("1 of 1 hreflang links are one-sided"), f.describe());
    }

    /**
     * Cross-domain hreflang (shop.example.com/en/1 and shop.example.de/1): the alternate lives on
     * another site, so it can never be in this section; the link is not known to be one-sided, and a
     * correct sitemap must stay clean (else SitemapCheck.auditClean() fails every such site).
     */
    @Test
    void aLinkToAnotherSiteOrSectionIsNotOneSided() {
        SectionAudit audit = new SectionAudit(START.toEpochMilli());
        for (int id = 1; id <= 200; id++) {
            String en = "https://shop.example.com/en/" + id;
            String de = "https://shop.example.de/" + id; // answered by the .de site's own sitemap
            audit.alternates(en, versions(en, de));
        }
        SectionAudit.Findings f = audit.findings(200, System.currentTimeMillis());
        assertEquals(0, f.oneSidedLinks(), f::describe);
        assertTrue(f.clean(), f::describe);
    }

    /**
     * The first 16 waiting links are kept as examples; when they are all answered later, a link
     * that stays one-sided has no example, and the audit text reads "such as: null".
     */
    @Test
    void aOneSidedLinkAfterSixteenAnsweredOnesIsNamed() {
        SectionAudit audit = new SectionAudit(START.toEpochMilli());
        for (int id = 1; id <= 20; id++) {
            String en = "https://shop.example.com/en/" + id;
            String de = "https://shop.example.com/de/" + id;
            audit.alternates(en, versions(en, de));
            audit.alternates(de, versions(en, de));
        }
        String en = "https://shop.example.com/en/99";
        String de = "https://shop.example.com/de/99";
        audit.alternates(en, versions(en, de));
        audit.alternates(de, List.of(Alternate.of("de", de)));
        SectionAudit.Findings f = audit.findings(42, System.currentTimeMillis());
        assertEquals(1, f.oneSidedLinks());
        assertEquals(en + " links to " + de + ", which does not link back", f.oneSidedExample());
        assertFalse(f.describe().contains("null"), f.describe());
    }

    /**
     * A loc written with a raw character and the alternate that names it percent-encoded are the
     * same URL in the sitemap (both are written encoded), so the link is answered.
     */
    @Test
    void theSameUrlSpelledRawOrPercentEncodedAnswersTheLink() {
        SectionAudit audit = new SectionAudit(START.toEpochMilli());
        String en = "https://shop.example.com/en/caf\u00e9";
        String enEncoded = "https://shop.example.com/en/caf%C3%A9";
        String de = "https://shop.example.com/de/cafe";
        audit.alternates(en, versions(en, de));
        audit.alternates(de, versions(enEncoded, de));
        SectionAudit.Findings f = audit.findings(2, System.currentTimeMillis());
        assertEquals(0, f.oneSidedLinks(), f::describe);
    }
}
