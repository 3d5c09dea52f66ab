package org.sitemapkit.spring;

import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletRequestWrapper;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;

/**
 * The request as SitemapKit reads it, with the connection's peer and headers: a forwarded-header
 * filter ahead of it (Boot's {@code ForwardedHeaderFilter} under
 * {@code server.forward-headers-strategy=framework}, Tomcat's {@code RemoteIpFilter}) replaces the
 * remote address with what the client claims and strips the proxy headers, which would let a forged
 * {@code X-Forwarded-For: 127.0.0.1} pass {@code status-view=loopback}. Everything else (scheme,
 * host, path) is the application's view, which the sitemap's URLs follow.
 */
final class ConnectionRequest extends HttpServletRequestWrapper {
    /** Set to {@code TRUE} by Tomcat's {@code RemoteIpValve} and {@code RemoteIpFilter} when they act. */
    static final String TOMCAT_FORWARDED = "org.apache.tomcat.request.forwarded";

    private final HttpServletRequest container;

    ConnectionRequest(HttpServletRequest request) {
        super(request);
        ServletRequest r = request;
        while (r instanceof ServletRequestWrapper w) {
            r = w.getRequest();
        }
        this.container = r instanceof HttpServletRequest h ? h : request;
    }

    /**
     * The container's peer; null when a Tomcat valve already replaced it with a forwarded address,
     * since the connection's own is then lost, and a loopback check must not pass.
     */
    @Override
    public String getRemoteAddr() {
        return Boolean.TRUE.equals(container.getAttribute(TOMCAT_FORWARDED)) ? null : container.getRemoteAddr();
    }

    /** The header, or, when a wrapper removed it (a proxy header), the one the client sent. */
    @Override
    public String getHeader(String name) {
        String value = super.getHeader(name);
        return value != null || container == getRequest() ? value : container.getHeader(name);
    }

    /**
     * The request the application passes on: {@code passed} itself, or, if it is this view or wraps
     * it (core's own wrapper for the application's robots.txt), the same without this view, so the
     * application down the chain sees the request as its own filters left it.
     */
    ServletRequest withoutThisView(ServletRequest passed) {
        if (passed == this) {
            return getRequest();
        }
        for (ServletRequest r = passed; r instanceof ServletRequestWrapper w; r = w.getRequest()) {
            if (w.getRequest() == this) {
                w.setRequest(getRequest());
                break;
            }
        }
        return passed;
    }
}
