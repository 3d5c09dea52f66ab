package org.sitemapkit.internal.servlet;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import org.sitemapkit.internal.robots.RobotsFiles;
import org.sitemapkit.model.Site;

/**
 * Fetches the application's own robots.txt for {@link org.sitemapkit.internal.robots.RobotsFiles}
 * to amend: whatever answers {@code /robots.txt} down the chain (static file, servlet, JAX-RS,
 * another filter) is captured as a plain GET, and its answer, or its failure, handed over.
 */
final class AppRobots {
    private AppRobots() {}

    /**
     * The file to serve for {@code site}, or null when the application's own answer (a redirect,
     * an error, a file too large to amend) was sent on as it was.
     */
    static byte[] answer(
            RobotsFiles robots,
            HttpServletRequest request,
            HttpServletResponse response,
            FilterChain chain,
            Site site,
            List<String> sitemaps)
            throws IOException, ServletException {
        CapturedResponse captured = new CapturedResponse(response);
        try {
            chain.doFilter(new PlainGetRequest(request), captured);
        } catch (IOException | ServletException | RuntimeException e) {
            byte[] file = robots.failed(site, e, captured.isSpilled(), sitemaps);
            if (file == null) {
                throw e;
            }
            return file;
        }
        if (request.isAsyncStarted()) {
            // Answered asynchronously, straight to the client: it is the application's, unamended.
            robots.warnOnce(
                    site,
                    "the application answers /robots.txt asynchronously, so it is served as the application"
                            + " writes it, without the Sitemap line; list /sitemap.xml there yourself");
            return null;
        }
        int status = captured.isOk()
                ? 200
                : captured.isNotFound() ? 404 : captured.getStatus() == 200 ? 0 : captured.getStatus();
        byte[] file = robots.answered(
                site, status, captured.isSpilled() ? null : captured.body(), captured.declaredCharset(), sitemaps);
        if (file == null) {
            captured.replay();
        }
        return file;
    }
}
