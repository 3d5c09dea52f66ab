package org.sitemapkit.internal.http;

/**
 * One request as an adapter (the servlet filter, the JAX-RS filter) sees it: what the serving
 * logic reads, and nothing of either API, so both adapters answer alike.
 */
public interface Exchange {
    /** The method, upper case as sent. */
    String method();

    /** A request header's first value, or null. */
    String header(String name);

    /** The raw query, or null. */
    String query();

    /** The raw path below the application's root, starting with {@code /}. */
    String path();

    /** The raw request path, for log lines. */
    String uri();

    /** {@code http} or {@code https}, as the request arrived. */
    String scheme();

    /** The port the request arrived on, which a Host header without one is checked against. */
    int localPort();

    /** The application's root path: {@code ""} or {@code /shop}. */
    String contextPath();

    /** The address of the peer the request came from, or null where the API does not say (JAX-RS). */
    default String remoteAddress() {
        return null;
    }
}
