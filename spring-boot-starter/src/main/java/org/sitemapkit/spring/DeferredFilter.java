package org.sitemapkit.spring;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.FilterConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import java.io.IOException;
import org.sitemapkit.SitemapFilter;

/**
 * The SitemapKit filter, started once both the container has initialized it and every bean exists,
 * whichever comes last. Boot's Tomcat initializes filters before the application's beans
 * (controllers, handler mappings, sources) are made; its Jetty, after. Starting the filter before
 * the beans would render sitemaps without the sources still to come. Connectors take requests
 * only after both.
 */
final class DeferredFilter implements Filter {
    private final Object lock = new Object();
    private FilterConfig config;
    private boolean ready;
    private volatile SitemapFilter delegate;

    @Override
    public void init(FilterConfig filterConfig) throws ServletException {
        synchronized (lock) {
            config = filterConfig;
            if (ready) {
                start();
            }
        }
    }

    /** Every bean exists and the kit has its settings and sources: start, or start at init. */
    void ready() throws ServletException {
        synchronized (lock) {
            ready = true;
            if (config != null) {
                start();
            }
        }
    }

    /** Starts the real filter, with the settings, store and sources the kit now has. */
    private void start() throws ServletException {
        SitemapFilter f = new SitemapFilter();
        f.init(config);
        delegate = f;
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        SitemapFilter f = delegate;
        if (f == null) {
            // Only before the application finished starting, when connectors take no request.
            chain.doFilter(request, response);
            return;
        }
        f.doFilter(request, response, chain);
    }

    @Override
    public void destroy() {
        SitemapFilter f = delegate;
        delegate = null;
        if (f != null) {
            f.destroy();
        }
    }
}
