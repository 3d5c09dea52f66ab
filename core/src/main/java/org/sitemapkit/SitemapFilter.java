package org.sitemapkit;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.FilterConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import java.io.IOException;
import org.sitemapkit.internal.servlet.ServletServing;

/**
 * Answers SitemapKit's own paths — {@code /sitemap.xml}, {@code /sitemap-{section}-{n}.xml}
 * (and {@code .xml.gz}), {@code /robots.txt}, {@code /sitemap.html} and the IndexNow key file —
 * and passes every other request down the chain untouched. Registered by
 * {@code SitemapInitializer} when the jar is in {@code WEB-INF/lib}, or mapped in
 * {@code web.xml} to {@code /*} by hand.
 *
 * <p>The servlet adapter's public face: it finds the application's {@link SitemapKit} and hands
 * the container's calls to the adapter, which is internal.
 */
public final class SitemapFilter implements Filter {
    private final ServletServing serving = new ServletServing();

    /** For the container, which makes the filter from {@code web.xml} or {@code SitemapInitializer}. */
    public SitemapFilter() {}

    @Override
    public void init(FilterConfig config) throws ServletException {
        serving.start(config, SitemapKit.of(config.getServletContext()).state());
    }

    @Override
    public void destroy() {
        serving.stop();
    }

    @Override
    public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
            throws IOException, ServletException {
        serving.doFilter(req, res, chain);
    }
}
