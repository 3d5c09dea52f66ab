package org.sitemapkit.internal.verify;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The verdict on one listed URL from what the application answered: a pure decision, no I/O, as
 * OkHttp's cache strategy is. A URL belongs in a sitemap when it answers 200 itself (no redirect),
 * no robots directive keeps it out of the index, its canonical link (if any) names itself, and
 * the hreflang alternates the sitemap lists for it are confirmed by the page where the page
 * declares alternates at all.
 */
final class PageCheck {
    private PageCheck() {}

    /** Why a listed URL fails, in the order they are judged. */
    enum Problem {
        /** A 3xx: the sitemap should list where it leads. */
        REDIRECT,
        /** A 404 or 410. */
        NOT_FOUND,
        /** Any other status than 200. */
        STATUS,
        /** {@code X-Robots-Tag: noindex} (or {@code none}). */
        NOINDEX_HEADER,
        /** {@code <meta name="robots" content="noindex">}. */
        NOINDEX_META,
        /** {@code <link rel="canonical">} names another URL. */
        CANONICAL_ELSEWHERE,
        /** An alternate the sitemap lists is not among those the page declares. */
        HREFLANG_UNCONFIRMED,
        /** The page did not answer within the deadline. */
        TIMEOUT
    }

    /**
     * One answer, as the verifier read it.
     *
     * @param status the HTTP status
     * @param location the {@code Location} header, or null
     * @param robotsHeaders every {@code X-Robots-Tag} value
     * @param head the document's head when it is HTML with status 200, else null
     */
    record Answer(int status, String location, List<String> robotsHeaders, HtmlHead head) {}

    /**
     * The verdict.
     *
     * @param problems empty when the URL belongs in the sitemap
     * @param detail the first problem's detail for a report (a status, where a redirect or a
     *     canonical leads, which alternates are missing); empty when none
     */
    record Verdict(List<Problem> problems, String detail) {
        boolean ok() {
            return problems.isEmpty();
        }
    }

    /**
     * Judges {@code answer} to the request for {@code loc}.
     *
     * @param loc the listed URL
     * @param alternates the alternates the sitemap lists for it, hreflang to href; empty for none
     */
    static Verdict judge(String loc, Map<String, String> alternates, Answer answer) {
        List<Problem> problems = new ArrayList<>();
        String detail = "";
        int status = answer.status();
        if (status >= 300 && status < 400) {
            problems.add(Problem.REDIRECT);
            detail = status + " to " + (answer.location() == null ? "(no Location)" : answer.location());
        } else if (status == 404 || status == 410) {
            problems.add(Problem.NOT_FOUND);
            detail = String.valueOf(status);
        } else if (status != 200) {
            problems.add(Problem.STATUS);
            detail = String.valueOf(status);
        }
        for (String value : answer.robotsHeaders()) {
            if (RobotsDirectives.noindex(value)) {
                detail = add(problems, Problem.NOINDEX_HEADER, detail, "X-Robots-Tag: " + value);
                break;
            }
        }
        HtmlHead head = status == 200 ? answer.head() : null;
        if (head != null) {
            for (String content : head.robots()) {
                if (RobotsDirectives.noindex(content)) {
                    detail = add(problems, Problem.NOINDEX_META, detail, "meta robots: " + content);
                    break;
                }
            }
            for (String canonical : head.canonicals()) {
                String resolved = resolve(loc, canonical);
                if (resolved == null || !same(loc, resolved)) {
                    detail = add(problems, Problem.CANONICAL_ELSEWHERE, detail, "canonical " + canonical);
                    break;
                }
            }
            if (!alternates.isEmpty() && !head.alternates().isEmpty()) {
                Map<String, String> declared = new TreeMap<>();
                for (HtmlHead.Alternate a : head.alternates()) {
                    String href = resolve(loc, a.href());
                    if (href != null) {
                        declared.putIfAbsent(a.hreflang().toLowerCase(Locale.ROOT), href);
                    }
                }
                List<String> missing = new ArrayList<>();
                alternates.forEach((lang, href) -> {
                    String theirs = declared.get(lang.toLowerCase(Locale.ROOT));
                    if (theirs == null || !same(href, theirs)) {
                        missing.add(lang);
                    }
                });
                if (!missing.isEmpty()) {
                    detail =
                            add(problems, Problem.HREFLANG_UNCONFIRMED, detail, "not declared by the page: " + missing);
                }
            }
        }
        return new Verdict(List.copyOf(problems), detail);
    }

    /** A page that did not answer in time. */
    static Verdict timedOut(long millis) {
        return new Verdict(List.of(Problem.TIMEOUT), "no answer in " + millis + " ms");
    }

    private static String add(List<Problem> problems, Problem p, String detail, String why) {
        problems.add(p);
        return detail.isEmpty() ? why : detail;
    }

    /** {@code href} resolved against {@code base}; null when either is no URI. */
    static String resolve(String base, String href) {
        try {
            return URI.create(base).resolve(href.strip()).toString();
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * Whether two absolute URLs name the same page as crawlers compare them: the scheme and host in
     * any case, the default port written or not, the rest exactly (a trailing slash is another page).
     */
    static boolean same(String a, String b) {
        try {
            URI x = URI.create(a);
            URI y = URI.create(b);
            return eq(x.getScheme(), y.getScheme())
                    && eq(x.getHost(), y.getHost())
                    && port(x) == port(y)
                    && java.util.Objects.equals(
                            x.getRawPath() == null || x.getRawPath().isEmpty() ? "/" : x.getRawPath(),
                            y.getRawPath() == null || y.getRawPath().isEmpty() ? "/" : y.getRawPath())
                    && java.util.Objects.equals(x.getRawQuery(), y.getRawQuery());
        } catch (IllegalArgumentException e) {
            return a.equals(b);
        }
    }

    private static boolean eq(String a, String b) {
        return a == null ? b == null : a.equalsIgnoreCase(b);
    }

    private static int port(URI u) {
        if (u.getPort() >= 0) {
            return u.getPort();
        }
        return Set.of("https")
                        .contains(u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT))
                ? 443
                : 80;
    }
}
