package org.sitemapkit.internal;

import java.util.concurrent.atomic.AtomicLong;

/**
 * At most one log line per interval, so that anonymous requests can never flood a disk. For
 * SitemapKit's modules, not an API.
 */
public final class RateLimit {
    private final long intervalNanos;
    private final AtomicLong next = new AtomicLong(Long.MIN_VALUE);

    public RateLimit(long intervalMillis) {
        this.intervalNanos = intervalMillis * 1_000_000L;
    }

    public boolean tryLog() {
        long now = System.nanoTime();
        long due = next.get();
        return (due == Long.MIN_VALUE || now - due >= 0) && next.compareAndSet(due, now + intervalNanos);
    }
}
