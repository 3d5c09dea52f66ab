package org.sitemapkit.it.verify;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;
import org.sitemapkit.testsupport.CheckedPages;

/** test-support's {@link CheckedPages} as a servlet at {@code /pages/*}, and the section that lists them. */
public final class VerifyPages extends HttpServlet {
    private static final long serialVersionUID = 1L;

    /** The listed URLs, section {@link CheckedPages#SECTION}. */
    public static UrlSource source() {
        return UrlSource.of(
                CheckedPages.SECTION,
                (Site site) -> CheckedPages.listed().stream().map(listed -> {
                    SitemapUrl.Builder b = SitemapUrl.builder(site.url(listed.path()));
                    listed.alternates().forEach((language, path) -> b.alternate(language, site.url(path)));
                    return b.build();
                }));
    }

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse res) throws IOException {
        String self = req.getRequestURL().toString();
        String base = self.substring(0, self.length() - req.getRequestURI().length()) + req.getContextPath();
        String page = req.getPathInfo() == null ? "" : req.getPathInfo().substring(1);
        CheckedPages.Answer answer = CheckedPages.answer(page, self, base);
        answer.headers().forEach(res::setHeader);
        if (answer.location() != null) {
            res.setStatus(answer.status());
            res.setHeader("Location", answer.location());
        } else if (answer.html() == null) {
            res.sendError(answer.status());
        } else {
            res.setStatus(answer.status());
            res.setContentType("text/html;charset=UTF-8");
            res.getWriter().write(answer.html());
        }
    }
}
