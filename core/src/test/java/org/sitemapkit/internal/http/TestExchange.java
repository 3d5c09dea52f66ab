package org.sitemapkit.internal.http;

import java.util.Map;
import java.util.TreeMap;

/** A request as the serving logic reads it, for tests of decisions that do no I/O. */
record TestExchange(String method, Map<String, String> headers, String remoteAddress) implements Exchange {
    /** A request with these headers, name and value in turn, from 127.0.0.1. */
    static TestExchange of(String method, String... headers) {
        Map<String, String> h = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        for (int i = 0; i < headers.length; i += 2) {
            h.put(headers[i], headers[i + 1]);
        }
        return new TestExchange(method, h, "127.0.0.1");
    }

    TestExchange from(String address) {
        return new TestExchange(method, headers, address);
    }

    @Override
    public String header(String name) {
        return headers.get(name);
    }

    @Override
    public String query() {
        return null;
    }

    @Override
    public String path() {
        return "/sitemap.xml";
    }

    @Override
    public String uri() {
        return "/sitemap.xml";
    }

    @Override
    public String scheme() {
        return "http";
    }

    @Override
    public int localPort() {
        return 80;
    }

    @Override
    public String contextPath() {
        return "";
    }
}
