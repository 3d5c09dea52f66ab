package org.sitemapkit.testsupport;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * An application's pages as a crawler finds them: pages that belong in a sitemap and pages that
 * answer a redirect, a 404, a 500, carry noindex in the header or the head, name a canonical
 * elsewhere, hang, or leave a listed hreflang alternate unconfirmed. Canonical links are built from
 * the request, as most frameworks build them. Mapped at {@code /pages/*}; /pages/hang answers after
 * 4 s.
 */
public final class VerifyPages extends HttpServlet {
    private static final long serialVersionUID = 1L;

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

    /**
     * The hreflang alternates the sitemap lists for a path, hreflang to path: /pages/ok and
     * /pages/one-sided name a German alternate, which /pages/one-sided does not confirm. (The source
     * itself is each test's: core's types are not on this module's class path.)
     */
    public static final Map<String, Map<String, String>> ALTERNATES = Map.of(
            "/pages/ok", Map.of("en", "/pages/ok", "de", "/pages/ok-de"),
            "/pages/one-sided", Map.of("en", "/pages/one-sided", "de", "/pages/ok-de"));

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse res) throws IOException {
        String self = req.getRequestURL().toString();
        String base = self.substring(0, self.length() - req.getRequestURI().length()) + req.getContextPath();
        String page = req.getPathInfo() == null ? "" : req.getPathInfo();
        switch (page) {
            case "/moved" -> res.sendRedirect(base + "/pages/ok");
            case "/gone" -> res.sendError(404);
            case "/broken" -> res.sendError(500);
            case "/hang" -> {
                try {
                    Thread.sleep(4_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                html(res, head(self, List.of()));
            }
            case "/noindex-header" -> {
                res.setHeader("X-Robots-Tag", "noindex, nofollow");
                html(res, head(self, List.of()));
            }
            case "/noindex-meta" -> html(res, head(self, List.of()) + "<meta name=\"robots\" content=\"noindex\">");
            case "/canonical-elsewhere" -> html(res, "<link rel=\"canonical\" href=\"" + base + "/pages/ok\">");
            case "/ok", "/ok-de" ->
                html(
                        res,
                        head(
                                self,
                                List.of(
                                        "<link rel=\"alternate\" hreflang=\"en\" href=\"" + base + "/pages/ok\">",
                                        "<link rel=\"alternate\" hreflang=\"de\" href=\"" + base + "/pages/ok-de\">")));
            case "/one-sided" ->
                html(
                        res,
                        head(
                                self,
                                List.of(
                                        "<link rel=\"alternate\" hreflang=\"en\" href=\"" + self + "\">",
                                        "<link rel=\"alternate\" hreflang=\"fr\" href=\"" + base + "/pages/ok\">")));
            case "/plain" -> html(res, "");
            default -> res.sendError(404);
        }
    }

    private static String head(String self, List<String> more) {
        return "<link rel=\"canonical\" href=\"" + self + "\">" + String.join("", more);
    }

    private static void html(HttpServletResponse res, String head) throws IOException {
        res.setContentType("text/html;charset=UTF-8");
        res.getWriter()
                .write("<!doctype html><html><head><title>t</title>" + head + "</head><body>" + "x".repeat(200_000)
                        + "</body></html>");
    }
}
