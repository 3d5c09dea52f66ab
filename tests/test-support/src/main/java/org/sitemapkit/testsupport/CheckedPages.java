package org.sitemapkit.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * An application's pages as a crawler finds them, for the tests of page verification on each
 * runtime: pages that belong in a sitemap and pages that answer a redirect, a 404, a 500, carry
 * noindex in the header or the head, name a canonical elsewhere, hang, or leave a listed hreflang
 * alternate unconfirmed. Each runtime's test serves them at {@code /pages/*} in its own way (a
 * servlet, Spring MVC, JAX-RS) from {@link #answer}, and lists {@link #listed()}. Canonical links
 * are built from the request, as most frameworks build them.
 */
public final class CheckedPages {

    private CheckedPages() {}

    /** The section that lists the pages: a name of its own, beside whatever sections the application has. */
    public static final String SECTION = "checked";

    /** The section's sitemap page, from the site's root: all its URLs fit in one. */
    public static final String SITEMAP = "/sitemap-" + SECTION + "-1.xml";

    /** Each listed path and the problem a check must find in it; {@code -} for a page that passes. */
    public static final Map<String, String> EXPECTED = Map.ofEntries(
            Map.entry("/pages/ok", "-"),
            Map.entry("/pages/ok-de", "-"),
            Map.entry("/pages/plain", "-"),
            Map.entry("/pages/moved", "REDIRECT"),
            Map.entry("/pages/gone", "NOT_FOUND"),
            Map.entry("/pages/broken", "STATUS"),
            Map.entry("/pages/noindex-header", "NOINDEX_HEADER"),
            Map.entry("/pages/noindex-meta", "NOINDEX_META"),
            Map.entry("/pages/canonical-elsewhere", "CANONICAL_ELSEWHERE"),
            Map.entry("/pages/hang", "TIMEOUT"),
            Map.entry("/pages/one-sided", "HREFLANG_UNCONFIRMED"));

    /** How long the hanging page takes: well past the tests' {@code verify-timeout=1s}. */
    public static final long HANG_MILLIS = 4_000;

    /** The settings every runtime's test runs with, by their names after {@code sitemapkit.}. */
    public static Map<String, String> settings(String action) {
        return Map.of(
                "verify", "all",
                "verify-action", action,
                "verify-timeout", "1s",
                "verify-rate", "1000",
                "verify-concurrency", "4");
    }

    /**
     * One listed URL: its path relative to the site's root ({@code pages/ok}) and its hreflang
     * alternates, language to path; /pages/ok and /pages/one-sided name a German alternate.
     */
    public record Listed(String path, Map<String, String> alternates) {}

    /** The URLs section {@link #SECTION} lists, in path order. */
    public static List<Listed> listed() {
        return EXPECTED.keySet().stream()
                .sorted()
                .map(path -> new Listed(
                        path.substring(1),
                        path.equals("/pages/ok") || path.equals("/pages/one-sided")
                                ? new TreeMap<>(Map.of("en", path.substring(1), "de", "pages/ok-de"))
                                : Map.of()))
                .collect(Collectors.toList());
    }

    /** What the WARNING line of a check of every listed URL says: {@code 8 of 11 listed URLs of section checked}. */
    public static String warning() {
        return (EXPECTED.size() - good().size()) + " of " + EXPECTED.size() + " listed URLs of section " + SECTION;
    }

    /** The problems a check of every listed URL finds, each counted once. */
    public static Map<String, Long> problems() {
        return EXPECTED.values().stream()
                .filter(p -> !p.equals("-"))
                .collect(Collectors.toMap(p -> p, p -> 1L, Long::sum, TreeMap::new));
    }

    /** The paths of the pages that pass, which stay listed under {@code verify-action=exclude}. */
    public static Set<String> good() {
        return EXPECTED.entrySet().stream()
                .filter(e -> e.getValue().equals("-"))
                .map(Map.Entry::getKey)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    /**
     * Fails unless a check of every listed URL under {@code verify-action=report} found each bad
     * page as exactly its problem, asked every URL and found nothing else.
     *
     * @param summary the findings in one line, for the failure message
     */
    public static void assertReported(
            int checked, int failed, int unreachable, Map<String, ? extends Number> problems, String summary) {
        assertEquals(EXPECTED.size(), checked, summary);
        assertEquals(0, unreachable, summary);
        Map<String, Long> found = new TreeMap<>();
        problems.forEach((p, n) -> found.put(p, n.longValue()));
        assertEquals(problems(), found, summary);
        assertEquals(EXPECTED.size() - good().size(), failed, summary);
    }

    /** What the application answers: a status, a redirect's target, headers, and an HTML document or none. */
    public record Answer(int status, String location, Map<String, String> headers, String html) {}

    /**
     * The answer to {@code /pages/<page>}.
     *
     * @param page the part after {@code /pages/}, such as {@code ok}
     * @param self the request's own URL, as the framework builds it from the request
     * @param base the application's root URL without a trailing slash, as the framework builds it
     */
    public static Answer answer(String page, String self, String base) {
        switch (page) {
            case "moved":
                return new Answer(302, base + "/pages/ok", Map.of(), null);
            case "broken":
                return new Answer(500, null, Map.of(), null);
            case "hang":
                try {
                    Thread.sleep(HANG_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return html(head(self));
            case "noindex-header":
                return new Answer(200, null, Map.of("X-Robots-Tag", "noindex, nofollow"), document(head(self)));
            case "noindex-meta":
                return html(head(self) + "<meta name=\"robots\" content=\"noindex\">");
            case "canonical-elsewhere":
                return html("<link rel=\"canonical\" href=\"" + base + "/pages/ok\">");
            case "ok":
            case "ok-de":
                return html(head(self)
                        + "<link rel=\"alternate\" hreflang=\"en\" href=\"" + base + "/pages/ok\">"
                        + "<link rel=\"alternate\" hreflang=\"de\" href=\"" + base + "/pages/ok-de\">");
            case "one-sided":
                return html(head(self)
                        + "<link rel=\"alternate\" hreflang=\"en\" href=\"" + self + "\">"
                        + "<link rel=\"alternate\" hreflang=\"fr\" href=\"" + base + "/pages/ok\">");
            case "plain":
                return html("");
            default: // "gone" and any page not listed
                return new Answer(404, null, Map.of(), null);
        }
    }

    private static String head(String self) {
        return "<link rel=\"canonical\" href=\"" + self + "\">";
    }

    private static Answer html(String head) {
        return new Answer(200, null, Map.of(), document(head));
    }

    /** A page whose body is far larger than the head a check reads. */
    private static String document(String head) {
        return "<!doctype html><html><head><title>t</title>" + head + "</head><body>" + "x".repeat(200_000)
                + "</body></html>";
    }
}
