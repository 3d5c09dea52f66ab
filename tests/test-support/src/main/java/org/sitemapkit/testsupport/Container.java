package org.sitemapkit.testsupport;

import java.net.URI;

/** A running servlet container with its web applications, so a contract test can run against any of them. */
public interface Container extends AutoCloseable {

    /** The application's root, ending in a slash: {@code http://127.0.0.1:PORT/} or {@code http://127.0.0.1:PORT/shop/}. */
    URI baseUri();

    /** The application's root without the trailing slash, for concatenation: {@code http://127.0.0.1:PORT/shop}. */
    default String base() {
        String s = baseUri().toString();
        return s.substring(0, s.length() - 1);
    }

    /** Scheme, host and port, without a path: {@code http://127.0.0.1:PORT}. */
    default String origin() {
        URI uri = baseUri();
        return uri.getScheme() + "://" + uri.getRawAuthority();
    }

    /** A path inside the application; a leading slash is refused because it would escape the context path. */
    default URI uri(String relativePath) {
        if (relativePath.startsWith("/")) {
            throw new IllegalArgumentException("relative to the context, without a leading '/': " + relativePath
                    + " (use baseUri().resolve(\"/...\") for a host-root path)");
        }
        return baseUri().resolve(relativePath);
    }

    /** Returns {@code contextPath} if it is "" (the root) or like "/shop", so a typo fails before a start. */
    static String requireContextPath(String contextPath) {
        if (!contextPath.isEmpty() && (!contextPath.startsWith("/") || contextPath.endsWith("/"))) {
            throw new IllegalArgumentException("context path must be \"\" or like \"/shop\": " + contextPath);
        }
        return contextPath;
    }

    /** Stops the container and frees its port and temporary files. */
    @Override
    void close();
}
