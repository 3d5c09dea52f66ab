package org.sitemapkit.internal.status;

import org.sitemapkit.internal.render.SectionAudit;

/**
 * The lastmod audit of a section's last whole render on this node, as the status views show it
 * (the render's own record stays in the engine).
 *
 * @param clean whether nothing was found
 * @param summary the findings in one line, empty when clean
 * @param withLastmod URLs that had a lastmod
 * @param shared the lastmod more than 90% of them share, in a section of 100 or more, or null
 * @param sharedCount how many share it
 * @param future lastmods in the future
 * @param newerThanRender lastmods after the render began, not in the future
 * @param allAtRender every URL's lastmod falls within the render
 * @param newsRecent news articles of the last two days, written with their news block
 * @param newsExpired older news articles, written plain or skipped ({@code news-expired})
 * @param hreflangLinks hreflang links to another URL of the section
 * @param oneSidedLinks of them, those their target does not answer; -1 when too many to follow
 */
public record AuditFindings(
        boolean clean,
        String summary,
        long withLastmod,
        String shared,
        long sharedCount,
        long future,
        long newerThanRender,
        boolean allAtRender,
        long newsRecent,
        long newsExpired,
        long hreflangLinks,
        long oneSidedLinks) {
    static AuditFindings of(SectionAudit.Findings f) {
        return new AuditFindings(
                f.clean(),
                f.describe(),
                f.withLastmod(),
                f.shared(),
                f.sharedCount(),
                f.future(),
                f.newer(),
                f.allAtRender(),
                f.newsRecent(),
                f.newsExpired(),
                f.hreflangLinks(),
                f.oneSidedLinks());
    }
}
