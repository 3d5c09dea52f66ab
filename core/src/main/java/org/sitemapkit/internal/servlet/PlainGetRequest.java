package org.sitemapkit.internal.servlet;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The client's robots.txt request as a plain, unconditional GET for the whole identity body, so
 * the application answers with the full file we amend: validators, ranges and content codings
 * are ours to apply to the amended file, and a HEAD must still produce the body we measure.
 */
final class PlainGetRequest extends HttpServletRequestWrapper {
    private static final Set<String> HIDDEN = Set.of(
            "if-none-match",
            "if-modified-since",
            "if-match",
            "if-unmodified-since",
            "if-range",
            "range",
            "accept-encoding");
    /** Tomcat's default servlet would otherwise hand a large file to the connector, past our wrapper. */
    private static final String TOMCAT_SENDFILE = "org.apache.tomcat.sendfile.support";

    PlainGetRequest(HttpServletRequest request) {
        super(request);
    }

    @Override
    public String getMethod() {
        return "GET";
    }

    @Override
    public String getHeader(String name) {
        return hidden(name) ? null : super.getHeader(name);
    }

    @Override
    public Enumeration<String> getHeaders(String name) {
        return hidden(name) ? Collections.emptyEnumeration() : super.getHeaders(name);
    }

    @Override
    public Enumeration<String> getHeaderNames() {
        List<String> names = new ArrayList<>();
        for (String name : Collections.list(super.getHeaderNames())) {
            if (!hidden(name)) {
                names.add(name);
            }
        }
        return Collections.enumeration(names);
    }

    @Override
    public long getDateHeader(String name) {
        return hidden(name) ? -1 : super.getDateHeader(name);
    }

    @Override
    public int getIntHeader(String name) {
        return hidden(name) ? -1 : super.getIntHeader(name);
    }

    @Override
    public Object getAttribute(String name) {
        return TOMCAT_SENDFILE.equals(name) ? null : super.getAttribute(name);
    }

    private static boolean hidden(String name) {
        return name != null && HIDDEN.contains(name.toLowerCase(Locale.ROOT));
    }
}
