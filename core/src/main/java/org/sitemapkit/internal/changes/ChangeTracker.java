package org.sitemapkit.internal.changes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sitemapkit.internal.render.Fingerprints;
import org.sitemapkit.internal.store.DiskPageStore;
import org.sitemapkit.internal.store.RenderedSection;
import org.sitemapkit.internal.store.SectionStore;
import org.sitemapkit.model.Site;

/**
 * Change detection: keeps the fingerprints of the pages a render writes, compares a section's new
 * render with its last, and hands the URLs added, removed or given a new lastmod to IndexNow. With
 * a disk store, URLs not yet sent at a stop are kept and sent after the next start. Off (every
 * method a no-op) when nothing asks what changed.
 */
public final class ChangeTracker implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(ChangeTracker.class.getName());

    private final ChangedUrls changed;
    private final FingerprintFiles fingerprints;
    private final SectionStore store;

    private ChangeTracker(ChangedUrls changed, SectionStore store) {
        this.changed = changed;
        this.store = store;
        this.fingerprints = changed == null ? null : fingerprintFiles(store);
        submitKept(store);
    }

    /**
     * A tracker for the renders kept in {@code store}, submitting what kept URLs a disk store holds.
     *
     * @param changed where changed URLs go, or null to track nothing
     * @param store the store the sections are kept in
     * @return the tracker
     */
    public static ChangeTracker of(ChangedUrls changed, SectionStore store) {
        return new ChangeTracker(changed, store);
    }

    /**
     * Whether renders must collect fingerprints.
     *
     * @return true when changed URLs are wanted
     */
    public boolean on() {
        return changed != null;
    }

    /**
     * Where changed URLs go; for tests.
     *
     * @return the receiver, or null when off
     */
    public ChangedUrls changed() {
        return changed;
    }

    /**
     * Keeps the fingerprints of a page just written.
     *
     * @param key names a site and a section
     * @param etag the page's ETag
     * @param page the fingerprints of its URLs
     */
    public void keep(String key, String etag, Fingerprints page) {
        if (fingerprints != null) {
            fingerprints.keep(key, etag, page);
        }
    }

    /**
     * Finds the URLs a render this node stored added, removed or gave a new lastmod, and hands
     * them on; nothing after a first render, or when the last render's fingerprints are not here.
     * Never fails the render: what goes wrong is logged.
     */
    public void rendered(Site site, String section, String key, RenderedSection before, RenderedSection after) {
        if (changed == null) {
            return;
        }
        try {
            if (before != null) {
                UrlChanges.Outcome o = UrlChanges.between(
                        before, after, fingerprints, key, ChangedUrls.BATCH, urls -> changed.changed(site, urls));
                if (o.fingerprintsMissing()) {
                    LOG.log(
                            Level.INFO,
                            "sitemapkit: section {0} of {1} changed, but the fingerprints of its last render are not"
                                    + " on this node (a restart without a disk store, or another node rendered it);"
                                    + " submitting nothing for it this time",
                            section,
                            site.base());
                } else if (o.urls() > 0) {
                    LOG.log(
                            Level.INFO,
                            "sitemapkit: {0} URLs of section {1} of {2} changed ({3} pages compared)",
                            o.urls(),
                            section,
                            site.base(),
                            o.pagesCompared());
                }
            }
            Set<String> current = new HashSet<>();
            after.pages().forEach(p -> current.add(p.etag()));
            fingerprints.retain(key, current);
        } catch (IOException | RuntimeException e) {
            LOG.log(
                    Level.WARNING,
                    "sitemapkit: cannot tell which URLs of section " + section + " of " + site.base()
                            + " changed; submitting nothing for this render",
                    e);
        }
    }

    /**
     * Where page fingerprints are kept; for tests.
     *
     * @return the directory, or null when off
     */
    public Path directory() {
        return fingerprints == null ? null : fingerprints.directory();
    }

    /**
     * Bytes of page fingerprints on disk; for tests measuring their cost.
     *
     * @return the bytes
     * @throws IOException when the directory cannot be read
     */
    public long bytes() throws IOException {
        return fingerprints == null ? 0 : fingerprints.size();
    }

    /** Stops submitting: with a disk store what is unsent is kept for the next start, else dropped and logged. */
    @Override
    public void close() {
        if (changed != null) {
            if (store instanceof DiskPageStore disk) {
                keepUnsent(disk.directory(), changed.closeKeepingUnsent());
            } else {
                changed.close();
            }
            fingerprints.close();
        }
    }

    /** With a disk store, IndexNow URLs not sent at the stop are kept and submitted after the next start. */
    private static void keepUnsent(Path dir, Map<String, List<String>> unsent) {
        if (unsent.isEmpty()) {
            return;
        }
        long urls = unsent.values().stream().mapToLong(List::size).sum();
        try {
            PendingUrls.save(dir, unsent);
        } catch (IOException e) {
            LOG.log(
                    Level.WARNING,
                    "sitemapkit: IndexNow: could not keep {0} unsent URLs in {1} ({2}); they are dropped",
                    urls,
                    dir,
                    e.getMessage());
        }
    }

    /** Submits the IndexNow URLs a disk store kept at the last stop. */
    private void submitKept(SectionStore store) {
        if (changed == null || !(store instanceof DiskPageStore disk)) {
            return;
        }
        Map<String, List<String>> kept = PendingUrls.take(disk.directory());
        long urls = 0;
        for (Map.Entry<String, List<String>> site : kept.entrySet()) {
            for (int from = 0; from < site.getValue().size(); from += ChangedUrls.BATCH) {
                List<String> batch =
                        site.getValue().subList(from, Math.min(site.getValue().size(), from + ChangedUrls.BATCH));
                changed.changed(Site.of(site.getKey()), new ArrayList<>(batch));
                urls += batch.size();
            }
        }
        if (urls > 0) {
            LOG.log(Level.INFO, "sitemapkit: IndexNow: submitting {0} URLs kept at the last stop", urls);
        }
    }

    private static FingerprintFiles fingerprintFiles(SectionStore store) {
        try {
            Path dir = store instanceof DiskPageStore
                    ? ((DiskPageStore) store).directory().resolve("fingerprints")
                    : Files.createTempDirectory("sitemapkit-fingerprints");
            return new FingerprintFiles(dir, !(store instanceof DiskPageStore));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make a folder for page fingerprints", e);
        }
    }
}
