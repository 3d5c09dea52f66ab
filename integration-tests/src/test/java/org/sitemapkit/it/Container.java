package org.sitemapkit.it;

import java.net.URI;

/** A running servlet container with one web application, so a contract test can run against any of them. */
public interface Container extends AutoCloseable {

    /** The application's root, ending in a slash: {@code http://127.0.0.1:PORT/} or {@code http://127.0.0.1:PORT/shop/}. */
    URI baseUri();

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
