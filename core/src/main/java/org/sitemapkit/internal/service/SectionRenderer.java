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
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongSupplier;
import org.sitemapkit.internal.Threads;
import org.sitemapkit.internal.changes.ChangeTracker;
import org.sitemapkit.internal.render.PageOptions;
import org.sitemapkit.internal.render.PageSink;
import org.sitemapkit.internal.render.PageSummary;
import org.sitemapkit.internal.render.RenderControl;
import org.sitemapkit.internal.render.Renderer;
import org.sitemapkit.internal.render.SectionAudit;
import org.sitemapkit.internal.render.SkipReason;
import org.sitemapkit.internal.render.StablePages;
import org.sitemapkit.internal.render.UrlSources;
import org.sitemapkit.internal.render.UrlsetWriter;
import org.sitemapkit.internal.robots.RobotsRules;
import org.sitemapkit.internal.source.SourcePlan;
import org.sitemapkit.internal.store.CachedPage;
import org.sitemapkit.internal.store.RenderedSection;
import org.sitemapkit.internal.store.SectionStore;
import org.sitemapkit.internal.verify.ListedUrls;
import org.sitemapkit.model.Lastmod;
import org.sitemapkit.model.Site;

/**
 * One section of one site from its sources into the store: source, render, store. A whole render
 * of the section, or of only the stable pages that hold changed keys; each page goes to the store
 * as it is written, so a render never holds a whole section on the heap.
 */
final class SectionRenderer {
    private static final System.Logger LOG = System.getLogger(SectionRenderer.class.getName());

    private final UrlSources sources;
    private final SectionStore store;
    /** The configured page options with gzip on: the store keeps pages compressed. */
    private final PageOptions gzipPages;
    /** The {@code exclude} patterns, parsed once. */
    private final RobotsRules exclude;

    private final ChangeTracker changes;
    private final LongSupplier clock;
    private final Threads threads;
    /** The URLs of a section (by store key) left out for a failed page check. */
    private final Function<String, java.util.Set<String>> failed;
    /** {@code lastmod=content}: URLs given no lastmod get one from the previous render's pages. */
    private final boolean contentLastmods;

    private volatile Function<Site, RobotsRules> robots = site -> RobotsRules.NONE;

    SectionRenderer(
            UrlSources sources,
            SectionStore store,
            PageOptions gzipPages,
            List<String> exclude,
            ChangeTracker changes,
            LongSupplier clock,
            Threads threads,
            Function<String, java.util.Set<String>> failed,
            boolean contentLastmods) {
        this.failed = failed;
        this.contentLastmods = contentLastmods;
        this.sources = sources;
        this.store = store;
        this.gzipPages = gzipPages;
        this.exclude = RobotsRules.disallowing(exclude);
        this.changes = changes;
        this.clock = clock;
        this.threads = threads;
    }

    void robots(Function<Site, RobotsRules> rules) {
        robots = Objects.requireNonNull(rules, "rules");
    }

    /** The rules of robots.txt a render of {@code site} follows. */
    RobotsRules robotsFor(Site site) {
        return robots.apply(site);
    }

    /** The {@code exclude} patterns. */
    RobotsRules exclude() {
        return exclude;
    }

    /**
     * What a fresh read of a section's sources does with one URL, for explaining it: renders the
     * section as a render would, into nothing, and watches for the URL.
     *
     * @param skipped why the render left it out, or null
     * @param written whether the render wrote it
     */
    record Reread(SkipReason skipped, boolean written) {}

    /**
     * Reads the section's sources anew and looks for {@code loc} among what a render writes and
     * leaves out; holds one page at a time.
     *
     * @param asked the URL as asked, to match a skipped URL that cannot be written
     * @param loc the URL as pages write it, or null when it cannot be written
     */
    Reread reread(Site site, String section, String asked, String loc, RenderControl control) throws IOException {
        List<SourcePlan> list = sources.bySection().getOrDefault(section, List.of());
        SkipReason[] skip = {null};
        boolean[] written = {false};
        PageSink sink = new WholePages() {
            @Override
            void page(PageSummary page, byte[] document) throws IOException {
                if (!written[0] && loc != null) {
                    written[0] = ListedUrls.findIn(document, loc) != null;
                }
            }
        };
        PageOptions plain = gzipPages.toBuilder().gzip(false).build();
        new Renderer(site, plain)
                .robots(robots.apply(site))
                .exclude(exclude)
                .failed(failed.apply(key(site, section)))
                .onSkip((reason, url) -> {
                    if (skip[0] == null && (url.loc().equals(asked) || writtenAs(url.loc(), site, loc))) {
                        skip[0] = reason;
                    }
                })
                .renderSection(section, list, sink, control);
        return new Reread(skip[0], written[0]);
    }

    private static boolean writtenAs(String raw, Site site, String loc) {
        if (loc == null) {
            return false;
        }
        StringBuilder w = new StringBuilder();
        return org.sitemapkit.internal.render.UrlEncoder.check(raw, site, w) == null
                && w.toString().equals(loc);
    }

    static String key(Site site, String section) {
        return site.base() + "|" + section;
    }

    RenderedSection render(
            Site site,
            String section,
            RenderedSection before,
            SortedSet<Long> keys,
            RenderControl control,
            Consumer<SectionAudit.Findings> audited) {
        long start = System.nanoTime();
        List<SourcePlan> list = sources.bySection().getOrDefault(section, List.of());
        List<CachedPage> pages = new ArrayList<>();
        PageSink sink = sink(site, section, pages);
        Renderer renderer = new Renderer(site, gzipPages)
                .robots(robots.apply(site))
                .exclude(exclude)
                .failed(failed.apply(key(site, section)))
                .threads(threads);
        if (changes.on()) {
            renderer.fingerprints();
        }
        Lastmod now = Lastmod.of(
                java.time.Instant.ofEpochMilli(clock.getAsLong()).truncatedTo(java.time.temporal.ChronoUnit.SECONDS));
        if (contentLastmods) {
            renderer.contentLastmods(k -> previousPage(before, k), now);
        }
        UrlsetWriter writer;
        long[] boundaries = null;
        try {
            if (list.size() == 1 && list.get(0).stable()) {
                SourcePlan source = list.get(0);
                long[] old = before == null ? null : before.boundaries();
                if (keys != null && old != null && old.length > 0) {
                    RenderedSection some =
                            renderPages(renderer, site, section, source, before, old, keys, control, start, now);
                    if (some != null) {
                        return some;
                    }
                    pages.clear();
                    if (contentLastmods) { // the whole render that follows pages from the first page again
                        renderer.contentLastmods(k -> previousPage(before, k), now);
                    }
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
        SectionAudit.Findings audit = writer.audit();
        audited.accept(audit);
        if (!audit.clean()) {
            LOG.log(
                    Level.WARNING,
                    "sitemapkit: the lastmods of section {0} of {1} may not be trusted by search engines: {2}",
                    section,
                    site.base(),
                    audit.describe());
        }
        return rendered;
    }

    /** The gzip page {@code k} of the section before, or null when there is none (or it cannot be read). */
    private static byte[] previousPage(RenderedSection before, int k) {
        if (before == null || k < 0 || k >= before.pages().size()) {
            return null;
        }
        try {
            return before.pages().get(k).gzip();
        } catch (UncheckedIOException e) {
            LOG.log(
                    Level.WARNING,
                    "sitemapkit: lastmod=content cannot read a page of the last render: {0}",
                    e.getMessage());
            return null;
        }
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
            long start,
            Lastmod now)
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
            if (contentLastmods) {
                int first = i;
                renderer.contentLastmods(k -> previousPage(before, first + k), now);
            }
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

    /** A sink that hands on each page's whole bytes, which the writer either streamed or gave at once. */
    private abstract static class WholePages implements PageSink {
        private ByteArrayOutputStream current;

        abstract void page(PageSummary page, byte[] document) throws IOException;

        @Override
        public final OutputStream openPage(String s, int number) {
            current = new ByteArrayOutputStream(1 << 16);
            return current;
        }

        @Override
        public final void pageWritten(PageSummary page) throws IOException {
            byte[] bytes = current.toByteArray();
            current = null;
            page(page, bytes);
        }

        @Override
        public final boolean keepsDocuments() {
            return true;
        }

        @Override
        public final void page(String s, PageSummary page, byte[] document) throws IOException {
            page(page, document);
        }
    }

    private PageSink sink(Site site, String section, List<CachedPage> pages) {
        return new WholePages() {
            @Override
            void page(PageSummary page, byte[] gzip) {
                String lastmod = page.lastmod().map(Lastmod::toString).orElse(null);
                long millis =
                        page.lastmod().map(l -> l.instant().toEpochMilli()).orElse(-1L);
                // handed to the store page by page: a render never holds a whole section on the heap
                CachedPage cached = new CachedPage(gzip, (int) page.byteCount(), page.urlCount(), lastmod, millis);
                page.fingerprints().ifPresent(f -> changes.keep(key(site, section), cached.etag(), f));
                pages.add(store.keep(key(site, section), cached));
            }
        };
    }
}
