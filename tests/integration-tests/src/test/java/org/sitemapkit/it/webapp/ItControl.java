package org.sitemapkit.it.webapp;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.sitemapkit.SitemapKit;

/**
 * Lets a test, which cannot reach the web application's class loader, read render counts, make
 * the flaky source fail and invalidate sections: {@code /it/control?renders=products},
 * {@code ?failing=true}, {@code ?invalidate=flaky}.
 */
@WebServlet("/it/control")
public final class ItControl extends HttpServlet {
    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String answer;
        if (request.getParameter("renders") != null) {
            AtomicInteger n = ItSources.RENDERS.get(request.getParameter("renders"));
            answer = Integer.toString(n == null ? 0 : n.get());
        } else if (request.getParameter("failing") != null) {
            ItSources.failing = Boolean.parseBoolean(request.getParameter("failing"));
            answer = Boolean.toString(ItSources.failing);
        } else if (request.getParameter("invalidate") != null) {
            try {
                SitemapKit.of(getServletContext())
                        .invalidate(request.getParameter("invalidate"))
                        .get(30, TimeUnit.SECONDS);
                answer = "invalidated";
            } catch (ExecutionException e) {
                answer = "refresh failed";
            } catch (InterruptedException | TimeoutException e) {
                throw new IOException(e);
            }
        } else {
            response.sendError(400);
            return;
        }
        response.setContentType("text/plain; charset=UTF-8");
        response.getWriter().print(answer);
    }
}
