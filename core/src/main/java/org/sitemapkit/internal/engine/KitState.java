package org.sitemapkit.internal.engine;

import java.util.Optional;
import java.util.concurrent.Executor;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.feed.FeedRoutes;
import org.sitemapkit.internal.render.UrlSources;
import org.sitemapkit.internal.service.SitemapService;
import org.sitemapkit.internal.store.SectionStore;

/**
 * What an application's handle ({@code SitemapKit}) holds for the engine: its sources, what was
 * set in code, and the running service. The handle hands it to the adapter that starts the
 * engine, so the engine never reads the API package back (which would make a package cycle).
 */
public final class KitState {
    private final UrlSources sources;
    private final FeedRoutes feeds = new FeedRoutes();
    private volatile SitemapService service;
    private volatile Settings settings;
    private volatile SectionStore store;
    private volatile Executor executor;

    /** A handle's state, over the sources found so far. */
    public KitState(UrlSources sources) {
        this.sources = sources;
    }

    /** The sources registered so far; the engine reads them at each render. */
    public UrlSources sources() {
        return sources;
    }

    /** The entities registered in code whose committed changes invalidate sections. */
    public FeedRoutes feeds() {
        return feeds;
    }

    /** The running service, or null before the engine started and after it stopped. */
    public SitemapService service() {
        return service;
    }

    /** Settings made in code, which win over every place an adapter reads settings from. */
    public void settings(Settings value) {
        settings = value;
    }

    public Optional<Settings> settings() {
        return Optional.ofNullable(settings);
    }

    /** A store made in code, which stays its maker's to close. */
    public void store(SectionStore value) {
        store = value;
    }

    public Optional<SectionStore> store() {
        return Optional.ofNullable(store);
    }

    /** The executor made in code, instead of SitemapKit's own threads. */
    public void executor(Executor value) {
        executor = value;
    }

    public Optional<Executor> executor() {
        return Optional.ofNullable(executor);
    }

    /** The engine started with {@code value}: invalidations reach it from now on. */
    void start(SitemapService value) {
        service = value;
    }

    /** The engine of {@code value} stopped; a later one that already took its place stays. */
    void stop(SitemapService value) {
        if (service == value) {
            service = null;
        }
    }
}
