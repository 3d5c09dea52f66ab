package org.sitemapkit.internal.service;

import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.LongSupplier;
import org.sitemapkit.internal.Threads;
import org.sitemapkit.internal.changes.ChangeTracker;
import org.sitemapkit.internal.changes.ChangedUrls;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.config.SettingsTable;
import org.sitemapkit.internal.render.PageOptions;
import org.sitemapkit.internal.render.UrlSources;
import org.sitemapkit.internal.robots.RobotsRules;
import org.sitemapkit.internal.source.SectionDefaults;
import org.sitemapkit.internal.source.Sections;
import org.sitemapkit.internal.status.Explanation;
import org.sitemapkit.internal.status.SectionCounters;
import org.sitemapkit.internal.status.StatusSource;
import org.sitemapkit.internal.store.CachedPage;
import org.sitemapkit.internal.store.RenderedSection;
import org.sitemapkit.internal.store.SectionStore;
import org.sitemapkit.internal.verify.Verifier;
import org.sitemapkit.model.Site;

/**
 * Answers "what are the bytes of this document of this site" from the page cache, rendering a
 * section once however many requests wait for it. Sites are cached separately, so a site
 * picked by one request's Host header never leaks into another's pages; at most
 * {@code max-sites} are kept, least recently used first out.
 */
public final class SitemapService implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(SitemapService.class.getName());
    /** Requests that may wait for first renders at once; past this they get a fast 503. */
    static final int MAX_WAITING_REQUESTS = 64;
    /** How often a node looks in the store for changes that a node which stopped left unrendered. */
    static final long SWEEP_MILLIS = 500;

    private final Settings settings;
    private final UrlSources sources;
    private final SectionStore store;
    private final Threads threads;
    /** Whether {@link #threads} were made for this service alone, and close with it. */
    private final boolean ownsThreads;

    private final SectionState.Limits limits;
    private final LongSupplier clock;
    private final SiteCache sites;
    /** Change detection (IndexNow), off unless an {@code indexnow-key} is set; package-private for tests. */
    final ChangeTracker changes;

    /** What this node's sections did, for the status views. */
    private final ServiceStatus status;

    private final SectionRenderer renderer;
    private final IndexComposer composer;
    /** Checks the pages each render lists against the application's own answers. */
    private final Verifier verifier;
    /** Answers why a URL is, or is not, listed. */
    private final Explainer explainer;
    /** Looks for changes that a node which stopped left in the store; null for a store that records none. */
    private final ScheduledFuture<?> sweeper;
    /** A sweep is under way. */
    private final AtomicBoolean sweeping = new AtomicBoolean();

    /** Whether {@link #stop} ran: it runs once. */
    private final AtomicBoolean stopped = new AtomicBoolean();
    /** Sections whose recorded changes could not be rendered, logged once each. */
    private final Set<String> unsweepable = ConcurrentHashMap.newKeySet();

    /**
     * A service over one set of sources with threads of its own, closed with it.
     *
     * @param settings the settings, fixed for the service's life
     * @param sources the registered sources, which may still grow: see
     *     {@link #invalidateMaterialized(String)}
     * @param store where rendered sections are kept
     */
    public SitemapService(Settings settings, UrlSources sources, SectionStore store) {
        this(settings, sources, store, Threads.of(null), true);
    }

    /**
     * A service over one set of sources; sections render on first request or as the application
     * starts, as the settings say.
     *
     * @param settings the settings, fixed for the service's life
     * @param sources the registered sources, which may still grow: see
     *     {@link #invalidateMaterialized(String)}
     * @param store where rendered sections are kept
     * @param threads where renders, deadlines and IndexNow run; the caller's to close, after this
     */
    public SitemapService(Settings settings, UrlSources sources, SectionStore store, Threads threads) {
        this(settings, sources, store, threads, false);
    }

    private SitemapService(Settings settings, UrlSources sources, SectionStore store, Threads threads, boolean owns) {
        this(settings, sources, store, System::currentTimeMillis, threads, owns, ChangedUrls.of(settings, threads));
    }

    SitemapService(Settings settings, UrlSources sources, SectionStore store, LongSupplier clock) {
        this(settings, sources, store, clock, null);
    }

    /**
     * @param changed told which URLs each render added, removed or gave a new lastmod (IndexNow);
     *     null to find none
     */
    SitemapService(Settings settings, UrlSources sources, SectionStore store, LongSupplier clock, ChangedUrls changed) {
        this(settings, sources, store, clock, Threads.of(null), true, changed);
    }

    private SitemapService(
            Settings settings,
            UrlSources sources,
            SectionStore store,
            LongSupplier clock,
            Threads threads,
            boolean ownsThreads,
            ChangedUrls changed) {
        this.threads = threads;
        this.ownsThreads = ownsThreads;
        this.settings = Objects.requireNonNull(settings, "settings");
        this.sources = Objects.requireNonNull(sources, "sources");
        this.store = Objects.requireNonNull(store, "store");
        this.clock = clock;
        PageOptions gzipPages = settings.pageOptions().toBuilder().gzip(true).build();
        sources.bySection().keySet().forEach(section -> checkPageSize(section, sources.defaults(section)));
        this.changes = ChangeTracker.of(changed, store);
        this.verifier = Verifier.of(settings.verify(), threads, this::invalidateFailed);
        this.renderer = new SectionRenderer(
                sources,
                store,
                gzipPages,
                settings.robots().exclude(),
                changes,
                clock,
                threads,
                verifier::excluded,
                settings.lastmod() == Settings.LastmodMode.CONTENT);
        this.composer = new IndexComposer(settings, gzipPages.gzipLevel());
        this.limits = new SectionState.Limits(
                threads.tasks(),
                threads.timer(),
                settings.timing().renderDeadline(),
                settings.timing().renderWait(),
                MAX_WAITING_REQUESTS,
                clock,
                settings.timing().renderLease());
        this.sites =
                new SiteCache(settings.maxSites(), settings.timing().cacheTtl().toMillis(), clock);
        this.explainer = new Explainer(settings, sources, store, renderer, verifier, changed, limits);
        this.status = new ServiceStatus(sites, changed, this::explain);
        this.sweeper = store.recordsChanges() ? sweepEvery(SWEEP_MILLIS) : null;
    }

    /** Looks for changes left in the store at start and then regularly, on the tasks, never on the timer. */
    private ScheduledFuture<?> sweepEvery(long millis) {
        AtomicBoolean busy = sweeping;
        try {
            return threads.timer()
                    .scheduleWithFixedDelay(
                            () -> {
                                if (busy.compareAndSet(false, true)) {
                                    try {
                                        threads.tasks().execute(() -> {
                                            try {
                                                if (!stopped.get()) {
                                                    sweep();
                                                }
                                            } finally {
                                                busy.set(false);
                                            }
                                        });
                                    } catch (RejectedExecutionException e) {
                                        busy.set(false); // stopping
                                    }
                                }
                            },
                            millis, // not at once: the adapter wires robots.txt's rules in first
                            millis,
                            TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            return null;
        }
    }

    /**
     * Renders the changes the store holds that no render took and no live node is rendering: a
     * node that stopped right after acknowledging them (another node takes them over once its lease
     * lapses), or this node before a restart (the disk store). A section whose source is not
     * registered (yet) is left for a later sweep.
     */
    void sweep() {
        for (String key : store.intended()) {
            if (stopped.get()) {
                return; // no new section state after the stop, which would never be stopped
            }
            int bar = key.lastIndexOf('|');
            if (bar < 0 || !sources.bySection().containsKey(key.substring(bar + 1))) {
                continue;
            }
            try {
                if (store.pending(key).isEmpty() || store.leasedByAnother(key, limits.owner(), limits.leaseMillis)) {
                    continue;
                }
                String base = key.substring(0, bar);
                Site site =
                        settings.baseUrl().filter(s -> s.base().equals(base)).orElseGet(() -> Site.of(base));
                sectionState(site, key.substring(bar + 1)).adopt();
            } catch (UnavailableException | RuntimeException e) {
                if (unsweepable.add(key)) {
                    LOG.log(
                            Level.WARNING,
                            "sitemapkit: cannot render the changes recorded for {0}: {1}",
                            key,
                            String.valueOf(e.getMessage()));
                }
            }
        }
    }

    /**
     * Refuses a section page size above the global {@code max-urls}, naming both.
     *
     * @param section the section
     * @param defaults its defaults
     * @throws IllegalArgumentException when its page size is larger than max-urls allows
     */
    public void checkPageSize(String section, SectionDefaults defaults) {
        int max = settings.paging().maxUrls();
        if (defaults.maxUrls() > max) {
            throw new IllegalArgumentException("section " + section + " has max-urls " + defaults.maxUrls()
                    + ", more than sitemapkit.max-urls=" + max + "; a section's pages can only be smaller");
        }
    }

    /**
     * The settings the service was made with, which the filter and the HTML view also follow.
     *
     * @return the settings
     */
    public Settings settings() {
        return settings;
    }

    /**
     * Where renders find the rules of the robots.txt each site serves, so that URLs it disallows to
     * every crawler are left out (the filter gives it the application's file when
     * {@code robots-check} is on).
     *
     * @param rules the rules of {@code User-agent: *} for a site
     */
    public void robotsRules(Function<Site, RobotsRules> rules) {
        renderer.robots(rules);
    }

    /**
     * The sources the sections are rendered from, which the HTML view lists.
     *
     * @return the sources
     */
    public UrlSources sources() {
        return sources;
    }

    /**
     * The document at {@code /sitemap.xml}: an index of every page, or the only page when there
     * is one and the index mode is {@code auto}; empty when the site has no URL at all. Past
     * 50,000 pages it is the first of several index documents (see {@link #index}).
     *
     * @param site the site asked for
     * @return the document, or empty when the site has no URL
     * @throws UnavailableException if a section has no good render to serve yet
     */
    public Optional<CachedPage> root(Site site) throws UnavailableException {
        List<CachedPage> indexes = indexes(site);
        return indexes.isEmpty() ? Optional.empty() : Optional.of(indexes.get(0));
    }

    /**
     * Index document {@code number}: 1 is {@code /sitemap.xml}, 2 and on are
     * {@code /sitemap-{number}.xml}, each listing at most 50,000 pages, since the protocol caps an
     * index at that and allows no index of indexes; robots.txt lists them all.
     *
     * @param site the site asked for
     * @param number from 1
     * @return the index, or empty past the last one
     * @throws UnavailableException if a section has no good render to serve yet
     */
    public Optional<CachedPage> index(Site site, int number) throws UnavailableException {
        List<CachedPage> indexes = indexes(site);
        return number >= 1 && number <= indexes.size() ? Optional.of(indexes.get(number - 1)) : Optional.empty();
    }

    /**
     * How many index documents the site has, composing them from the sections already rendered
     * (here or in a shared store) when needed, but never rendering or waiting: 0 when a section
     * has no render yet.
     *
     * @param site the site asked for
     * @return 0 or more, for the {@code Sitemap} lines of robots.txt
     */
    public int knownIndexCount(Site site) {
        SiteState state = sites.peek(site);
        SiteState.Root root = state == null ? null : state.root();
        if (root != null) {
            return root.indexes.size();
        }
        for (String section : sources.bySection().keySet()) {
            if (store.get(key(site, section)) == null) {
                return 0;
            }
        }
        try {
            return indexes(site).size(); // every section is there: composed at once, and kept
        } catch (UnavailableException e) {
            return 0;
        }
    }

    private List<CachedPage> indexes(Site site) throws UnavailableException {
        SiteState state = state(site);
        List<RenderedSection> sections = sections(state, site);
        SiteState.Root root = state.root();
        if (root == null || !root.madeFrom(sections)) {
            root = new SiteState.Root(sections, composer.compose(site, sections));
            state.root(root);
        }
        return root.indexes;
    }

    /**
     * Page {@code number} (from 1) of a section; empty for an unknown section or page.
     *
     * @param site the site asked for
     * @param section the section's name
     * @param number from 1: the n of {@code sitemap-{section}-{n}.xml}
     * @return the page, or empty when there is no such page
     * @throws UnavailableException if the section has no good render to serve yet
     */
    public Optional<CachedPage> page(Site site, String section, int number) throws UnavailableException {
        if (!sources.bySection().containsKey(section) || number < 1) {
            return Optional.empty();
        }
        List<CachedPage> pages = section(site, section).pages();
        return number <= pages.size() ? Optional.of(pages.get(number - 1)) : Optional.empty();
    }

    /**
     * Starts, in the background, the render of every section of {@code site} that is missing or
     * older than cache-ttl (in this node's store, or a shared one); waits for none of them.
     *
     * @param site the site to render
     */
    public void renderStale(Site site) {
        long now = clock.getAsLong();
        try {
            SiteState state = state(site);
            for (String section : sources.bySection().keySet()) {
                sectionState(state, site, section).refreshIfStale(now);
            }
        } catch (UnavailableException e) {
            LOG.log(Level.DEBUG, "sitemapkit: no render at start for {0}: {1}", site.base(), e.getMessage());
        }
    }

    /**
     * Every section of the site, rendered, in name order.
     *
     * @param site the site asked for
     * @return the sections, waiting for first renders up to render-wait
     * @throws UnavailableException if a section has no good render to serve yet
     */
    public List<RenderedSection> sections(Site site) throws UnavailableException {
        return sections(state(site), site);
    }

    private List<RenderedSection> sections(SiteState state, Site site) throws UnavailableException {
        long now = clock.getAsLong();
        List<SectionState> states = new ArrayList<>();
        for (String section : sources.bySection().keySet()) {
            SectionState s = sectionState(state, site, section);
            s.warm(now); // cold sections render side by side, not one after another
            states.add(s);
        }
        List<RenderedSection> list = new ArrayList<>();
        for (SectionState s : states) {
            list.add(s.get(now));
        }
        return list;
    }

    /**
     * One section, rendered, for the HTML view of a single section.
     *
     * @param site the site asked for
     * @param section the section's name
     * @return the section's last good render, waiting for a first one up to render-wait
     * @throws UnavailableException if the section has no good render to serve yet
     */
    public RenderedSection section(Site site, String section) throws UnavailableException {
        return sectionState(site, section).get(clock.getAsLong());
    }

    /**
     * Re-renders one section of every cached site in the background; until each finishes, the
     * old pages are served. The future completes when all have finished.
     *
     * @param section the section's name
     * @return completes when every cached site has the new pages
     */
    public CompletableFuture<Void> invalidate(String section) {
        Sections.check(section);
        List<CompletableFuture<RenderedSection>> all = new ArrayList<>();
        configuredSite(section);
        for (SiteState s : snapshot()) {
            SectionState state = s.sections.get(section);
            if (state != null) {
                all.add(state.invalidate());
            }
        }
        return CompletableFuture.allOf(all.toArray(new CompletableFuture<?>[0]));
    }

    /**
     * Tells that one row of a section of stable pages changed (inserted, updated or deleted): only
     * the page holding {@code key} is rendered again, from that page's rows, unless it must split
     * or merge, when the whole section is. Other sections re-render whole, as with
     * {@link #invalidate(String)}.
     *
     * @param section the section
     * @param key the key of the row that changed
     * @return completes when every cached site has the new pages
     */
    public CompletableFuture<Void> invalidate(String section, long key) {
        return invalidate(section, List.of(key));
    }

    /**
     * Tells that several rows of a section changed in one change (a committed transaction): a section
     * of stable pages renders each page holding one of them once, any other section whole.
     *
     * @param section the section
     * @param keys the keys of the rows that changed, or null for the whole section
     * @return completes when every cached site has the new pages
     */
    public CompletableFuture<Void> invalidate(String section, Collection<Long> keys) {
        Sections.check(section);
        List<CompletableFuture<RenderedSection>> all = new ArrayList<>();
        configuredSite(section);
        for (SiteState s : snapshot()) {
            SectionState state = s.sections.get(section);
            if (state != null) {
                all.add(state.invalidate(keys));
            }
        }
        return CompletableFuture.allOf(all.toArray(new CompletableFuture<?>[0]));
    }

    /**
     * A source joined {@code section} after the service started: every state of that section this
     * node holds, for any site (served, rendered or read from the store here), was made without it,
     * so it re-renders in the background, its old pages served meanwhile. Unlike
     * {@link #invalidate(String)}, a section this node never touched is left alone, even for
     * {@code base-url}: a node starting up serves what a restart or another node left in the store.
     *
     * @param section the section the source joined
     * @return completes when every such state has the new pages
     */
    public CompletableFuture<Void> invalidateMaterialized(String section) {
        List<CompletableFuture<RenderedSection>> all = new ArrayList<>();
        for (SiteState s : snapshot()) {
            SectionState state = s.sections.get(section);
            if (state != null) {
                all.add(state.invalidate());
            }
        }
        if (!all.isEmpty()) {
            LOG.log(
                    Level.INFO,
                    "sitemapkit: a source joined section {0} after this node served it; re-rendering it for {1}"
                            + " site(s), the old pages served until then",
                    section,
                    all.size());
        }
        return CompletableFuture.allOf(all.toArray(new CompletableFuture<?>[0]));
    }

    /**
     * Re-renders, in the background, every section of {@code site} this node holds (served,
     * rendered or read from the store here), when something they were rendered with changed (the
     * site's robots.txt rules); sections it never touched follow the change when first rendered.
     *
     * @param site the site
     * @return the names of the sections re-rendering, in name order; empty when this node holds none
     */
    public List<String> invalidateMaterialized(Site site) {
        SiteState state = sites.peek(site);
        if (state == null) {
            return List.of();
        }
        List<String> names = new ArrayList<>();
        new TreeMap<>(state.sections).forEach((name, section) -> {
            section.invalidate();
            names.add(name);
        });
        return names;
    }

    /**
     * Re-renders every section of every cached site, as {@link #invalidate(String)} does one.
     *
     * @return completes when every cached site has the new pages
     */
    public CompletableFuture<Void> invalidateAll() {
        List<CompletableFuture<RenderedSection>> all = new ArrayList<>();
        sources.bySection().keySet().forEach(this::configuredSite);
        for (SiteState s : snapshot()) {
            for (SectionState state : s.all()) {
                all.add(state.invalidate());
            }
        }
        return CompletableFuture.allOf(all.toArray(new CompletableFuture<?>[0]));
    }

    /**
     * With {@code base-url} set, the one site is invalidated even when this node has served
     * nothing yet: in a cluster the section it renders is the one every node shares.
     */
    private void configuredSite(String section) {
        Site site = settings.baseUrl().orElse(null);
        if (site != null && sources.bySection().containsKey(section)) {
            try {
                sectionState(site, section);
            } catch (UnavailableException e) {
                LOG.log(Level.DEBUG, "sitemapkit: not invalidating {0}: {1}", site.base(), e.getMessage());
            }
        }
    }

    /**
     * What this node's sections did, for the status views: read from this node's memory only.
     *
     * @return the status, live
     */
    public StatusSource status() {
        return status;
    }

    /** Whether no section renders and no change waits for a render, on this node; for tests. */
    boolean settled() {
        return snapshot().stream().flatMap(s -> s.all().stream()).allMatch(SectionState::settled);
    }

    /** Deadlines and lease renewals still scheduled, for tests. */
    int pendingTimers() {
        return threads.timer().getQueue().size();
    }

    /** The application stops: {@link #stop(Duration)} for as long as {@code stop-wait} says. */
    public void stop() {
        stop(settings.get(SettingsTable.STOP_WAIT));
    }

    /**
     * The application stops: waits up to {@code wait} for the renders of acknowledged changes, then
     * abandons what is left and gives up its leases, and logs which it did. A store that records
     * changes keeps those left, so another node, or this one when it starts again, renders them.
     *
     * @param wait how long to wait for the renders of changes; zero to hand them over at once
     */
    public void stop(Duration wait) {
        if (stopped.getAndSet(true)) {
            return; // the adapter stops first, with a wait; close() after it has nothing left to do
        }
        verifier.close(); // no page check while the application stops
        if (sweeper != null) {
            sweeper.cancel(false);
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
            try {
                while (sweeping.get() && System.nanoTime() < until) {
                    Thread.sleep(5); // a sweep under way finishes before the sections are stopped
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        List<SectionState> all =
                snapshot().stream().flatMap(s -> s.all().stream()).toList();
        List<SectionState> waiting =
                all.stream().filter(SectionState::changesWaiting).toList();
        long started = System.nanoTime();
        long until = started + wait.toNanos();
        while (waiting.stream().anyMatch(SectionState::changesWaiting) && System.nanoTime() < until) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        List<String> left = new ArrayList<>();
        List<String> lost = new ArrayList<>();
        for (SectionState s : all) {
            SectionState.Left l = s.stop();
            if (l == SectionState.Left.RECORDED) {
                left.add(s.label());
            } else if (l == SectionState.Left.UNRECORDED) {
                lost.add(s.label());
            }
        }
        if (!lost.isEmpty()) {
            LOG.log(
                    Level.WARNING,
                    "sitemapkit: stopping with changes of {0} not rendered within {1} ms and not recorded in the"
                            + " {2} (it could not take them); they are lost until cache-ttl or their next change",
                    String.join(", ", lost),
                    wait.toMillis(),
                    store);
        }
        if (!left.isEmpty()) {
            LOG.log(
                    Level.WARNING,
                    "sitemapkit: stopping with the changes of {0} not rendered within {1} ms; {2}",
                    String.join(", ", left),
                    wait.toMillis(),
                    store.recordsChanges()
                            ? "they are recorded in the " + store
                                    + ", so another node, or this one when it starts again, renders them"
                            : "this node kept its pages in memory, so its next start renders every section anew");
        } else if (!waiting.isEmpty()) {
            LOG.log(
                    Level.INFO,
                    "sitemapkit: stopping after rendering the waiting changes of {0} section(s) ({1} ms)",
                    waiting.size(),
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
        }
    }

    /** A page check left a URL out or let one back in: the section of that site renders anew. */
    private void invalidateFailed(Site site, String section) {
        if (stopped.get()) {
            return;
        }
        for (SiteState s : snapshot()) {
            SectionState state = s.base.equals(site.base()) ? s.sections.get(section) : null;
            if (state != null) {
                state.invalidate();
            }
        }
    }

    /**
     * Why a URL is, or is not, in the sitemap of {@code site}: found on its stored pages, left out
     * by a rule, or looked for by reading the sources anew (one explanation at a time).
     *
     * @param site the site asked about
     * @param url an absolute URL, or a path from the host's root
     * @return the explanation
     */
    public Explanation explain(Site site, String url) {
        return explainer.explain(site, url);
    }

    /**
     * Why a URL is, or is not, in the sitemap of the site it names: {@code base-url}'s, else the
     * site this node serves whose base the URL is under (the longest), for views without a request.
     *
     * @param url an absolute URL
     * @return the explanation
     */
    public Explanation explain(String url) {
        Site site = settings.baseUrl().orElse(null);
        if (site == null && url != null) {
            String u = url.strip();
            for (SiteState s : snapshot()) {
                String base = s.base;
                if ((u.startsWith(base) || (u + "/").equals(base))
                        && (site == null || base.length() > site.base().length())) {
                    site = Site.of(base);
                }
            }
        }
        if (site == null) {
            return new Explanation(
                    String.valueOf(url),
                    "not-on-this-site",
                    List.of(new Explanation.Fact(
                            "why",
                            "no site this node serves is at this URL's origin: without base-url, a site is known once"
                                    + " a request names its host")));
        }
        return explainer.explain(site, url);
    }

    /**
     * Checks the pages of each render against the application's answers; the adapter tells it
     * where the application listens.
     *
     * @return the verifier
     */
    public Verifier verifier() {
        return verifier;
    }

    @Override
    public void close() {
        stop(Duration.ZERO);
        if (ownsThreads) {
            threads.close();
        }
        changes.close();
    }

    private List<SiteState> snapshot() {
        return sites.all();
    }

    private SiteState state(Site site) throws UnavailableException {
        return sites.get(site);
    }

    private SectionState sectionState(Site site, String section) throws UnavailableException {
        return sectionState(state(site), site, section);
    }

    private SectionState sectionState(SiteState state, Site site, String section) {
        SectionState existing = state.sections.get(section);
        if (existing != null) {
            return existing;
        }
        boolean[] made = {false};
        SectionState held = state.sections.computeIfAbsent(section, s -> {
            made[0] = true;
            return newSectionState(site, s);
        });
        if (made[0]) {
            status.held(site.base(), section, held);
        }
        return held;
    }

    private SectionState newSectionState(Site site, String s) {
        SectionCounters counters = new SectionCounters();
        return new SectionState(
                key(site, s),
                "section " + s + " of " + site.base(),
                store,
                limits,
                (before, keys, control) -> renderer.render(site, s, before, keys, control, counters::audited),
                settings.timing().cacheTtl().toMillis(),
                (before, after) -> {
                    changes.rendered(site, s, key(site, s), before, after);
                    verifier.rendered(site, s, key(site, s), before, after, counters);
                },
                counters);
    }

    private static String key(Site site, String section) {
        return SectionRenderer.key(site, section);
    }
}
