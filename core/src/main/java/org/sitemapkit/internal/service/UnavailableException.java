package org.sitemapkit.internal.service;

/**
 * No good page exists to serve: the first render failed or is taking too long. Answered as
 * 503 with {@code Retry-After}, never as a truncated 200.
 */
public final class UnavailableException extends Exception {
    private static final long serialVersionUID = 1L;

    /** @serial what the 503 answer's {@code Retry-After} says */
    private final int retryAfterSeconds;

    UnavailableException(String message, Throwable cause, int retryAfterSeconds) {
        super(message, cause);
        this.retryAfterSeconds = retryAfterSeconds;
    }

    /**
     * When a crawler should ask again, for the 503 answer's {@code Retry-After}.
     *
     * @return seconds, at least 1
     */
    public int retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
