package org.sitemapkit.spring;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.FilterConfig;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.util.Collections;
import java.util.Enumeration;
import org.sitemapkit.SitemapFilter;

/**
 * The filter Boot registers, whose SitemapKit filter the starter starts once every bean exists.
 * Boot's Tomcat initializes filters before the application's beans (controllers, handler
 * mappings, sources) are made, its Jetty after; the starter starts SitemapKit from the beans'
 * side on both, so a failure reaches Boot's failure report, and connectors take requests only
 * after that. SitemapKit reads the request with the connection's peer ({@link ConnectionRequest}); the
 * application down the chain gets it as it came.
 */
final class DeferredFilter implements Filter {
    private volatile SitemapFilter delegate;

    @Override
    public void init(FilterConfig filterConfig) {
        // the SitemapKit filter is started by start(), with the beans in place
    }

    /** Starts the SitemapKit filter for {@code context}, with the settings, store and sources the kit now has. */
    void start(ServletContext context) throws ServletException {
        SitemapFilter f = new SitemapFilter();
        f.init(new FilterConfig() {
            @Override
            public String getFilterName() {
                return SitemapKitAutoConfiguration.FILTER_NAME;
            }

            @Override
            public ServletContext getServletContext() {
                return context;
            }

            @Override
            public String getInitParameter(String name) {
                return null;
            }

            @Override
            public Enumeration<String> getInitParameterNames() {
                return Collections.emptyEnumeration();
            }
        });
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
        if (!(request instanceof HttpServletRequest http)) {
            f.doFilter(request, response, chain);
            return;
        }
        ConnectionRequest view = new ConnectionRequest(http);
        f.doFilter(view, response, (req, res) -> chain.doFilter(view.withoutThisView(req), res));
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
