package org.sitemapkit.internal.indexnow;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What happened to the last {@link #MAX} URLs handed to IndexNow, for explaining one URL: queued,
 * accepted, refused or dropped, and when. Bounded, so it costs a few megabytes at most whatever
 * the site's size; an older URL is said to be unknown here.
 */
final class SentLog {
    static final int MAX = 10_000;

    private final Map<String, String> last = new LinkedHashMap<>(1 << 10, 0.75f, false) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
            return size() > MAX;
        }
    };

    /** Records {@code what} happened to {@code urls} now: {@code accepted by ... (202)}. */
    synchronized void record(List<String> urls, String what) {
        String line = what + " at " + Instant.now();
        for (String url : urls) {
            last.remove(url); // re-inserted: the newest go last, the eldest leave first
            last.put(url, line);
        }
    }

    /** What happened to {@code url} last, or null when it is not among the last {@link #MAX}. */
    synchronized String get(String url) {
        return last.get(url);
    }
}
