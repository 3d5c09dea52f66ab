package org.sitemapkit.internal.changes;

import java.util.List;
import java.util.Map;
import org.sitemapkit.internal.Threads;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.indexnow.IndexNowSubmitter;
import org.sitemapkit.internal.status.IndexNowStatus;
import org.sitemapkit.model.Site;

/** Told which URLs of a site a render added, removed or gave a new lastmod: IndexNow submits them. */
@FunctionalInterface
public interface ChangedUrls {
    /** The most URLs one call carries: IndexNow's limit per request. */
    int BATCH = 10_000;

    /** Called on the render thread: must return at once. */
    void changed(Site site, List<String> urls);

    /** Stops what submits them; what is still queued is dropped, and logged. */
    default void close() {}

    /** Stops as {@link #close()} does, handing back what is still queued, by site base URL. */
    default Map<String, List<String>> closeKeepingUnsent() {
        close();
        return Map.of();
    }

    /**
     * What became of one URL lately (explain).
     *
     * @param url the URL
     * @return what the submitter did with it and when, or null when it does not know the URL
     */
    default String lastSent(String url) {
        return null;
    }

    /**
     * What was submitted so far, for the status views.
     *
     * @return the counts, or null for a receiver that submits nothing (tests)
     */
    default IndexNowStatus status() {
        return null;
    }

    /**
     * The IndexNow submitter the settings ask for.
     *
     * @param settings the settings
     * @param threads where its worker runs
     * @return the submitter, or null when {@code indexnow-key} is not set
     */
    static ChangedUrls of(Settings settings, Threads threads) {
        String key = settings.indexnow().key().orElse(null);
        if (key == null) {
            return null;
        }
        IndexNowSubmitter submitter = new IndexNowSubmitter(settings.indexnow().endpoint(), key, threads);
        return new ChangedUrls() {
            @Override
            public void changed(Site site, List<String> urls) {
                submitter.submit(site, urls);
            }

            @Override
            public void close() {
                submitter.close();
            }

            @Override
            public Map<String, List<String>> closeKeepingUnsent() {
                return submitter.closeKeepingUnsent();
            }

            @Override
            public IndexNowStatus status() {
                return submitter.status();
            }

            @Override
            public String lastSent(String url) {
                return submitter.lastSent(url);
            }
        };
    }
}
