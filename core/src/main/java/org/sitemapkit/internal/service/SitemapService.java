package org.sitemapkit.internal.service;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.LongSupplier;
import org.sitemapkit.internal.Gzip;
import org.sitemapkit.internal.RateLimit;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.render.PageOptions;
import org.sitemapkit.internal.render.PageSink;
import org.sitemapkit.internal.render.PageSummary;
import org.sitemapkit.internal.render.RenderControl;
import org.sitemapkit.internal.render.Renderer;
import org.sitemapkit.internal.render.SitemapIndexWriter;
import org.sitemapkit.internal.render.StablePages;
import org.sitemapkit.internal.render.UrlSources;
import org.sitemapkit.internal.render.UrlsetWriter;
import org.sitemapkit.internal.robots.RobotsRules;
import org.sitemapkit.internal.source.SectionDefaults;
import org.sitemapkit.internal.source.Sections;
import org.sitemapkit.internal.source.SourcePlan;
import org.sitemapkit.internal.store.CachedPage;
import org.sitemapkit.internal.store.DiskPageStore;
import org.sitemapkit.internal.store.RenderedSection;
import org.sitemapkit.internal.store.SectionStore;
import org.sitemapkit.model.Lastmod;
import org.sitemapkit.model.Site;

/**
 * Answers "what are the bytes of this document of this site" from the page cache, rendering a
 * section once however many requests wait for it. Sites are cached separately, so a site
 * picked by one request's Host header never leaks into another's pages; at most
 * {@code max-sites} are kept, least recently used first out.
 */
public final class SitemapService implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(SitemapService.class.getName());
    /** The page options the settings ask for: their limits, the default encoding. */
    public static PageOptions pageOptions(Settings settings) {
        return PageOptions.builder()
                .maxUrls(settings.maxUrls())
                .maxBytes(settings.maxBytes())
                .build();
    }

    /** Requests that may wait for first renders at once; past this they get a fast 503. */
    static final int MAX_WAITING_REQUESTS = 64;

    private final Settings settings;
    private final UrlSources sources;
    private final SectionStore store;
    private final ExecutorService executor;
    private final ScheduledExecutorService timer;
    private final SectionState.Limits limits;
    private final LongSupplier clock;
    private final Map<String, SiteState> sites;
    private final RateLimit thrashLog = new RateLimit(60_000);
    private volatile Function<Site, RobotsRules> robots = site -> RobotsRules.NONE;
    /** Where changed URLs go (IndexNow), or null; package-private for tests. */
    final ChangedUrls changed;
    /** Where page fingerprints are kept while {@code changed} is set: beside a disk store's pages, else a temporary folder. */
    private final FingerprintFiles fingerprints;
    /** The configured page options with gzip on: the cache keeps pages compressed. */
    private final PageOptions gzipPages;
    /** The {@code exclude} patterns as Disallow rules. */
    private final RobotsRules exclude;

    /**
     * A service over one set of sources; sections render on first request or as the application
     * starts, as the settings say.
     *
     * @param settings the settings, fixed for the service's life
     * @param sources the registered sources, which may still grow until the first render
     * @param store where rendered sections are kept
     */
    public SitemapService(Settings settings, UrlSources sources, SectionStore store) {
        this(settings, sources, store, System::currentTimeMillis, ChangedUrls.of(settings));
    }

    SitemapService(Settings settings, UrlSources sources, SectionStore store, LongSupplier clock) {
        this(settings, sources, store, clock, null);
    }

    /**
     * @param changed told which URLs each render added, removed or gave a new lastmod (IndexNow);
     *     null to find none
     */
    SitemapService(Settings settings, UrlSources sources, SectionStore store, LongSupplier clock, ChangedUrls changed) {
        this.changed = changed;
        this.fingerprints = changed == null ? null : fingerprintFiles(store);
        this.settings = Objects.requireNonNull(settings, "settings");
        this.sources = Objects.requireNonNull(sources, "sources");
        this.store = Objects.requireNonNull(store, "store");
        this.clock = clock;
        this.gzipPages = pageOptions(settings).toBuilder().gzip(true).build();
        this.exclude = excludeRules(settings.exclude());
        sources.bySection().keySet().forEach(section -> checkPageSize(section, sources.defaults(section)));
        submitKept();
        AtomicInteger n = new AtomicInteger();
        // No fixed pool: a render stuck in its source holds only its own thread, never another's.
        this.executor = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "sitemapkit-render-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "sitemapkit-timer");
            t.setDaemon(true);
            return t;
        });
        timer.setRemoveOnCancelPolicy(true); // a cancelled deadline lets go of its render at once
        this.timer = timer;
        this.limits = new SectionState.Limits(
                executor,
                timer,
                settings.renderDeadline(),
                settings.renderWait(),
                MAX_WAITING_REQUESTS,
                clock,
                settings.renderLease());
        int max = settings.maxSites();
        this.sites = new LinkedHashMap<>(16, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, SiteState> eldest) {
                if (size() <= max) {
                    return false;
                }
                eldest.getValue().all().forEach(SectionState::forget);
                return true;
            }
        };
    }

    private static RobotsRules excludeRules(List<String> patterns) {
        StringBuilder text = new StringBuilder("User-agent: *\n");
        patterns.forEach(p -> text.append("Disallow: ").append(p).append('\n'));
        return RobotsRules.parse(text.toString());
    }

    /**
     * Refuses a section page size above the global {@code max-urls}, naming both.
     *
     * @param section the section
     * @param defaults its defaults
     * @throws IllegalArgumentException when its page size is larger than max-urls allows
     */
    public void checkPageSize(String section, SectionDefaults defaults) {
        int max = settings.maxUrls();
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
        robots = Objects.requireNonNull(rules, "rules");
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
        SiteState state;
        synchronized (this) {
            state = sites.get(site.base());
        }
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
            root = new SiteState.Root(sections, composeRoot(site, sections));
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
        Sections.check(section);
        List<CompletableFuture<RenderedSection>> all = new ArrayList<>();
        configuredSite(section);
        for (SiteState s : snapshot()) {
            SectionState state = s.sections.get(section);
            if (state != null) {
                all.add(state.invalidate(key));
            }
        }
        return CompletableFuture.allOf(all.toArray(new CompletableFuture<?>[0]));
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

    /** Where page fingerprints are kept, or null when nothing asks what changed; for tests. */
    java.nio.file.Path fingerprintDirectory() {
        return fingerprints == null ? null : fingerprints.directory();
    }

    /** Bytes of page fingerprints on disk, for tests measuring their cost. */
    long fingerprintBytes() throws IOException {
        return fingerprints == null ? 0 : fingerprints.size();
    }

    /** Whether no section renders and no change waits for a render, on this node; for tests. */
    boolean settled() {
        return snapshot().stream().flatMap(s -> s.all().stream()).allMatch(SectionState::settled);
    }

    /** Deadlines and lease renewals still scheduled, for tests. */
    int pendingTimers() {
        return ((ScheduledThreadPoolExecutor) timer).getQueue().size();
    }

    @Override
    public void close() {
        timer.shutdownNow();
        executor.shutdownNow();
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
    private static void keepUnsent(java.nio.file.Path dir, Map<String, List<String>> unsent) {
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
    private void submitKept() {
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

    private synchronized List<SiteState> snapshot() {
        return new ArrayList<>(sites.values());
    }

    /**
     * The cached state of a site. A new site takes the place of the least recently used one only
     * when that one has been idle for a whole cache-ttl: with more sites in use than
     * {@code max-sites}, the newcomer gets a 503 rather than every request rendering a site anew.
     */
    private synchronized SiteState state(Site site) throws UnavailableException {
        long now = clock.getAsLong();
        SiteState state = sites.get(site.base());
        if (state == null) {
            if (sites.size() >= settings.maxSites()) {
                SiteState eldest = sites.values().iterator().next();
                long idle = now - eldest.lastUsedMillis;
                if (idle < settings.cacheTtl().toMillis()) {
                    if (thrashLog.tryLog()) {
                        LOG.log(
                                Level.WARNING,
                                "sitemapkit: more than max-sites={0} sites are in use within cache-ttl;"
                                        + " answering 503 for {1} instead of rendering a site anew on every request. Raise"
                                        + " sitemapkit.max-sites, or set sitemapkit.base-url",
                                settings.maxSites(),
                                site.base());
                    }
                    throw new UnavailableException("more sites in use than max-sites", null, (int)
                            Math.max(1, (settings.cacheTtl().toMillis() - idle) / 1000));
                }
            }
            state = new SiteState();
            sites.put(site.base(), state);
        }
        state.lastUsedMillis = now;
        return state;
    }

    private SectionState sectionState(Site site, String section) throws UnavailableException {
        return sectionState(state(site), site, section);
    }

    private SectionState sectionState(SiteState state, Site site, String section) {
        return state.sections.computeIfAbsent(
                section,
                s -> new SectionState(
                        key(site, s),
                        "section " + s + " of " + site.base(),
                        store,
                        limits,
                        (before, keys, control) -> render(site, s, before, keys, control),
                        settings.cacheTtl().toMillis(),
                        (before, after) -> rendered(site, s, before, after)));
    }

    private static String key(Site site, String section) {
        return site.base() + "|" + section;
    }

    private RenderedSection render(
            Site site, String section, RenderedSection before, SortedSet<Long> keys, RenderControl control) {
        long start = System.nanoTime();
        List<SourcePlan> list = sources.bySection().getOrDefault(section, List.of());
        List<CachedPage> pages = new ArrayList<>();
        PageSink sink = sink(site, section, pages);
        Renderer renderer =
                new Renderer(site, gzipPages).robots(robots.apply(site)).exclude(exclude);
        if (fingerprints != null) {
            renderer.fingerprints();
        }
        UrlsetWriter writer;
        long[] boundaries = null;
        try {
            if (list.size() == 1 && list.get(0).stable()) {
                SourcePlan source = list.get(0);
                long[] old = before == null ? null : before.boundaries();
                if (keys != null && old != null && old.length > 0) {
                    RenderedSection some =
                            renderPages(renderer, site, section, source, before, old, keys, control, start);
                    if (some != null) {
                        return some;
                    }
                    pages.clear();
                }
                StablePages stable =
                        renderer.renderStable(section, source, old == null ? new long[0] : old, sink, control);
                writer = stable.writer();
                boundaries = stable.boundaries();
            } else {
                writer = renderer.renderSection(section, list, sink, control);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, Long> skipped = new LinkedHashMap<>();
        writer.skipped().forEach((reason, count) -> skipped.put(reason.name(), count));
        RenderedSection rendered = new RenderedSection(section, clock.getAsLong(), pages, skipped, boundaries);
        LOG.log(
                Level.INFO,
                "sitemapkit: rendered {0} of {1} in {2} ms",
                rendered,
                site.base(),
                (System.nanoTime() - start) / 1_000_000);
        return rendered;
    }

    /**
     * Re-renders only the stable pages holding {@code keys}, reading only their rows; null when
     * they are more than a quarter of the section, or one would split, become small or vanish,
     * where a whole render cuts the pages anew.
     */
    private RenderedSection renderPages(
            Renderer renderer,
            Site site,
            String section,
            SourcePlan source,
            RenderedSection before,
            long[] boundaries,
            SortedSet<Long> keys,
            RenderControl control,
            long start)
            throws IOException {
        SortedSet<Integer> indexes = new TreeSet<>();
        for (long key : keys) {
            int i = Arrays.binarySearch(boundaries, key);
            i = i >= 0 ? i : -i - 2;
            if (i < 0) {
                return null; // before the first page: the first page's boundary moves
            }
            indexes.add(i);
        }
        if (indexes.size() > 1 && indexes.size() * 4 > boundaries.length) {
            return null; // reading a quarter of the rows page by page costs more than one pass
        }
        List<CachedPage> pages = new ArrayList<>(before.pages());
        long rows = 0;
        int urls = 0;
        for (int i : indexes) {
            int[] read = renderPage(renderer, site, section, source, pages, boundaries, i, control);
            if (read == null) {
                return null;
            }
            urls += read[0];
            rows += read[1];
        }
        RenderedSection rendered = new RenderedSection(section, clock.getAsLong(), pages, before.skipped(), boundaries);
        LOG.log(
                Level.INFO,
                "sitemapkit: re-rendered {0} of section {1} of {2} for {3} changed keys: {4} URLs from {5} rows in"
                        + " {6} ms",
                indexes.size() == 1 ? "page " + (indexes.first() + 1) : indexes.size() + " pages",
                section,
                site.base(),
                keys.size(),
                urls,
                rows,
                (System.nanoTime() - start) / 1_000_000);
        return rendered;
    }

    /**
     * Renders stable page {@code i} anew into {@code pages}; returns {URLs, rows read}, or null when
     * the page would split, become small or vanish.
     */
    private int[] renderPage(
            Renderer renderer,
            Site site,
            String section,
            SourcePlan source,
            List<CachedPage> pages,
            long[] boundaries,
            int i,
            RenderControl control)
            throws IOException {
        boolean last = i == boundaries.length - 1;
        long to = last ? Long.MAX_VALUE : boundaries[i + 1] - 1;
        List<CachedPage> one = new ArrayList<>();
        StablePages result =
                renderer.renderRange(section, source, boundaries[i], to, last, sink(site, section, one), control);
        List<PageSummary> written = result.writer().pages();
        if (written.size() != 1) {
            return null;
        }
        PageSummary page = written.get(0);
        boolean keeps = last
                ? StablePages.fitsAsLast(result.writer().options(), page.urlCount(), page.byteCount())
                : page.urlCount() >= StablePages.mergeBelow(result.writer().options());
        if (!keeps) {
            return null;
        }
        pages.set(i, one.get(0));
        return new int[] {page.urlCount(), (int) Math.min(Integer.MAX_VALUE, result.rowsRead())};
    }

    private PageSink sink(Site site, String section, List<CachedPage> pages) {
        return new PageSink() {
            private ByteArrayOutputStream current;

            @Override
            public OutputStream openPage(String s, int number) {
                current = new ByteArrayOutputStream(1 << 16);
                return current;
            }

            @Override
            public void pageWritten(PageSummary page) {
                String lastmod = page.lastmod().map(Lastmod::toString).orElse(null);
                long millis =
                        page.lastmod().map(l -> l.instant().toEpochMilli()).orElse(-1L);
                // handed to the store page by page: a render never holds a whole section on the heap
                CachedPage cached =
                        new CachedPage(current.toByteArray(), (int) page.byteCount(), page.urlCount(), lastmod, millis);
                if (fingerprints != null) {
                    page.fingerprints().ifPresent(f -> fingerprints.keep(key(site, section), cached.etag(), f));
                }
                pages.add(store.keep(key(site, section), cached));
                current = null;
            }
        };
    }

    /**
     * Finds the URLs a render this node stored added, removed or gave a new lastmod, and hands
     * them on; nothing after a first render, or when the last render's fingerprints are not here.
     * Never fails the render: what goes wrong is logged.
     */
    private void rendered(Site site, String section, RenderedSection before, RenderedSection after) {
        if (changed == null) {
            return;
        }
        String key = key(site, section);
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
            java.util.Set<String> current = new java.util.HashSet<>();
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

    private static FingerprintFiles fingerprintFiles(SectionStore store) {
        try {
            java.nio.file.Path dir = store instanceof DiskPageStore
                    ? ((DiskPageStore) store).directory().resolve("fingerprints")
                    : java.nio.file.Files.createTempDirectory("sitemapkit-fingerprints");
            return new FingerprintFiles(dir, !(store instanceof DiskPageStore));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make a folder for page fingerprints", e);
        }
    }

    private List<CachedPage> composeRoot(Site site, List<RenderedSection> sections) {
        List<CachedPage> pages = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (RenderedSection s : sections) {
            for (int i = 0; i < s.pages().size(); i++) {
                pages.add(s.pages().get(i));
                names.add(site.url(
                        "sitemap-" + s.section() + "-" + (i + 1) + ".xml" + (settings.gzipLocs() ? ".gz" : "")));
            }
        }
        if (pages.size() == 1
                && settings.index() == Settings.IndexMode.AUTO
                && additional(site).isEmpty()) {
            return List.of(pages.get(0));
        }
        for (String loc : additional(site)) {
            pages.add(null); // not ours: no lastmod, and the index's Last-Modified is unknown
            names.add(loc);
        }
        if (pages.isEmpty()) {
            return List.of();
        }
        List<CachedPage> indexes = new ArrayList<>();
        for (int from = 0; from < pages.size(); from += PageOptions.MAX_URLS) {
            int to = Math.min(pages.size(), from + PageOptions.MAX_URLS);
            indexes.add(composeIndex(site, pages.subList(from, to), names.subList(from, to)));
        }
        return List.copyOf(indexes);
    }

    /** The {@code additional-sitemaps} of this site as absolute URLs: those on another host left out. */
    private List<String> additional(Site site) {
        List<String> locs = new ArrayList<>();
        for (String loc : settings.additionalSitemaps()) {
            if (!loc.startsWith("/")) {
                if (Site.of(loc).origin().equals(site.origin())) {
                    locs.add(loc);
                } else {
                    LOG.log(Level.DEBUG, "sitemapkit: additional sitemap {0} is not on {1}", loc, site.origin());
                }
            } else {
                locs.add(site.origin() + loc);
            }
        }
        return locs;
    }

    private CachedPage composeIndex(Site site, List<CachedPage> pages, List<String> names) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(pages.size() * 120 + 200);
        long newest = -1;
        boolean allKnown = true;
        // scoped to the host: additional sitemaps (a blog's) may sit outside the context path
        Site host = Site.of(site.scheme(), site.host(), site.port(), "");
        try (SitemapIndexWriter index = new SitemapIndexWriter(out, host)) {
            for (int i = 0; i < pages.size(); i++) {
                CachedPage p = pages.get(i);
                index.sitemap(names.get(i), p == null || p.lastmod() == null ? null : Lastmod.parse(p.lastmod()));
                allKnown &= p != null && p.lastModifiedMillis() >= 0;
                newest = Math.max(newest, p == null ? -1 : p.lastModifiedMillis());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        byte[] xml = out.toByteArray();
        return new CachedPage(Gzip.compress(xml, gzipPages.gzipLevel()), xml.length, 0, null, allKnown ? newest : -1);
    }
}
