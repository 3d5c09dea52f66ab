package org.sitemapkit.it.webapp;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * A robots.txt produced by code, as a servlet, JAX-RS resource or filter would: mapped at
 * {@code /robots.txt} when the context-param {@code it.robots} asks ({@code servlet} writes
 * rules, {@code missing} answers 404, {@code redirect} sends a 302).
 */
public final class ItRobots extends HttpServlet {
    private static final long serialVersionUID = 1L;
    static final String RULES = "User-agent: *\nDisallow: /from-servlet/\nCrawl-delay: 7\n";
    public static final String NON_ASCII = "User-agent: *\nDisallow: /каталог/\n";

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        switch (getServletContext().getInitParameter("it.robots")) {
            case "missing":
                response.sendError(404);
                return;
            case "not-found-exception":
                throw new FileNotFoundException("SRVE0190E: File not found: /robots.txt");
            case "redirect":
                response.sendRedirect("/elsewhere/robots.txt");
                return;
            case "utf-8":
                response.setContentType("text/plain");
                response.setCharacterEncoding(StandardCharsets.UTF_8); // Servlet 6.1's overload
                response.getWriter().print(NON_ASCII);
                return;
            case "windows-1251":
                response.setContentType("text/plain; charset=windows-1251");
                response.getWriter().print(NON_ASCII);
                return;
            case "async":
                AsyncContext async = request.startAsync();
                async.start(() -> {
                    try {
                        async.getResponse().setContentType("text/plain; charset=UTF-8");
                        async.getResponse().getWriter().print(RULES);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    } finally {
                        async.complete();
                    }
                });
                return;
            default:
                response.setContentType("text/plain; charset=UTF-8");
                response.setHeader("ETag", "\"the-app-etag\"");
                response.setContentLength(RULES.length());
                response.getWriter().print(RULES);
        }
    }
}
