package org.sitemapkit.testsupport;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** {@link CheckedPages} as a servlet, mapped at {@code /pages/*}; the section that lists them is each test's (core is not on this module's class path). */
public final class VerifyPages extends HttpServlet {
    private static final long serialVersionUID = 1L;

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
