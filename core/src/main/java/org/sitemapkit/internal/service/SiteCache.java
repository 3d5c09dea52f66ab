package org.sitemapkit.internal.service;

import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import org.sitemapkit.internal.RateLimit;
import org.sitemapkit.model.Site;

/**
 * The sites this node serves, each with its sections' state: at most {@code max-sites}, least
 * recently used first out, so that sites picked by Host headers cannot grow without bound.
 */
final class SiteCache {
    private static final System.Logger LOG = System.getLogger(SiteCache.class.getName());

    /** Guards {@link #sites}; private, so that no caller can hold it. */
    private final Object lock = new Object();

    private final Map<String, SiteState> sites;
    private final RateLimit thrashLog = new RateLimit(60_000);
    private final int maxSites;
    private final long ttlMillis;
    private final LongSupplier clock;

    SiteCache(int maxSites, long ttlMillis, LongSupplier clock) {
        this.maxSites = maxSites;
        this.ttlMillis = ttlMillis;
        this.clock = clock;
        this.sites = new LinkedHashMap<>(16, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, SiteState> eldest) {
                if (size() <= maxSites) {
                    return false;
                }
                eldest.getValue().all().forEach(SectionState::forget);
                return true;
            }
        };
    }

    /** Every cached site, for invalidation; a copy. */
    List<SiteState> all() {
        synchronized (lock) {
            return new ArrayList<>(sites.values());
        }
    }

    /** The cached state of a site, without counting it as used or making one; null when absent. */
    SiteState peek(Site site) {
        synchronized (lock) {
            return sites.get(site.base());
        }
    }

    /**
     * The cached state of a site. A new site takes the place of the least recently used one only
     * when that one has been idle for a whole cache-ttl: with more sites in use than
     * {@code max-sites}, the newcomer gets a 503 rather than every request rendering a site anew.
     */
    SiteState get(Site site) throws UnavailableException {
        synchronized (lock) {
            long now = clock.getAsLong();
            SiteState state = sites.get(site.base());
            if (state == null) {
                if (sites.size() >= maxSites) {
                    SiteState eldest = sites.values().iterator().next();
                    long idle = now - eldest.lastUsedMillis;
                    if (idle < ttlMillis) {
                        if (thrashLog.tryLog()) {
                            LOG.log(
                                    Level.WARNING,
                                    "sitemapkit: more than max-sites={0} sites are in use within cache-ttl;"
                                            + " answering 503 for {1} instead of rendering a site anew on every request. Raise"
                                            + " sitemapkit.max-sites, or set sitemapkit.base-url",
                                    maxSites,
                                    site.base());
                        }
                        throw new UnavailableException(
                                "more sites in use than max-sites", null, (int) Math.max(1, (ttlMillis - idle) / 1000));
                    }
                }
                state = new SiteState(site.base());
                sites.put(site.base(), state);
            }
            state.lastUsedMillis = now;
            return state;
        }
    }
}
