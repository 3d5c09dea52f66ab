package org.sitemapkit.internal.verify;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;

/**
 * Page verification's judgement for SitemapKit's own modules, not an API: the test kit's {@code
 * SitemapCheck} applies it from outside, so that a test judges a page exactly as the running
 * application does, with no second copy of the rules to drift.
 */
public final class PageJudgement {
    /** The most bytes of a page read for its head. */
    public static final int HEAD_LIMIT = Loopback.HEAD_LIMIT;

    private PageJudgement() {}

    /**
     * The verdict on one page.
     *
     * @param problems the problems' names ({@code REDIRECT}, {@code NOINDEX_META}, ...) in the order
     *     they are judged; empty when the page passes
     * @param detail the first problem's detail (a status, where a redirect or canonical leads); may be empty
     */
    public record Verdict(List<String> problems, String detail) {
        public Verdict {
            problems = List.copyOf(problems);
        }

        /** Whether the page belongs in a sitemap. */
        public boolean ok() {
            return problems.isEmpty();
        }
    }

    /**
     * Judges an answer to the request for {@code loc}.
     *
     * @param loc the listed URL
     * @param alternates the alternates the sitemap lists for it, hreflang to href
     * @param status the HTTP status
     * @param location the {@code Location} header, or null
     * @param robotsHeaders every {@code X-Robots-Tag} value
     * @param html the head bytes as text, for a 200 HTML answer; else null
     */
    public static Verdict judge(
            String loc,
            Map<String, String> alternates,
            int status,
            String location,
            List<String> robotsHeaders,
            String html) {
        HtmlHead head = html == null ? null : HtmlHead.read(html);
        return of(PageCheck.judge(loc, alternates, new PageCheck.Answer(status, location, robotsHeaders, head)));
    }

    /** The verdict on a page that did not answer within {@code millis}. */
    public static Verdict timedOut(long millis) {
        return of(PageCheck.timedOut(millis));
    }

    /**
     * The reader of a page's bytes: up to {@code limit} or the end of its head, then the body is
     * dropped; 0 reads none.
     */
    public static HttpResponse.BodySubscriber<byte[]> headBytes(int limit) {
        return new Loopback.HeadBytes(limit);
    }

    private static Verdict of(PageCheck.Verdict v) {
        return new Verdict(v.problems().stream().map(Enum::name).toList(), v.detail());
    }
}
