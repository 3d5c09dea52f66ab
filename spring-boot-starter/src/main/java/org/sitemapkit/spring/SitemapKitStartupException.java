package org.sitemapkit.spring;

/**
 * Why SitemapKit cannot start in this application, and what to do: a bad {@code sitemapkit.*}
 * value, or an {@code @SitemapEntry} that cannot be listed. {@link SitemapKitFailureAnalyzer}
 * shows both parts in place of a stack trace.
 */
final class SitemapKitStartupException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    private final String action;

    SitemapKitStartupException(String description, String action) {
        super(description);
        this.action = action;
    }

    SitemapKitStartupException(String description, String action, Throwable cause) {
        super(description, cause);
        this.action = action;
    }

    String action() {
        return action;
    }
}
