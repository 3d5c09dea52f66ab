package org.sitemapkit.internal.render;

import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import org.sitemapkit.internal.Threads;
import org.sitemapkit.internal.robots.RobotsRules;
import org.sitemapkit.internal.source.SectionDefaults;
import org.sitemapkit.internal.source.SourcePlan;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;

/**
 * Renders every section of a site in one streaming pass over its sources: sections in name
 * order, each source's stream opened, drained into its section's pages and closed. The same
 * sources in the same order give byte-identical pages.
 */
public final class Renderer {
    private final Site site;
    private final PageOptions options;
    private RobotsRules robots = RobotsRules.NONE;
    private boolean fingerprints;
    private RobotsRules exclude = RobotsRules.NONE;
    private java.util.Set<String> failed = java.util.Set.of();
    private java.util.function.BiConsumer<SkipReason, SitemapUrl> onSkip;
    /** {@code lastmod=content}: the previous render's pages, by this render's page index; null when off. */
    private java.util.function.IntFunction<byte[]> previousPages;

    private org.sitemapkit.model.Lastmod renderTime;
    private Threads threads;

    /**
     * A renderer for one site; its locs are checked against the site, its pages cut by the options.
     *
     * @param site the site every loc must belong to
     * @param options the page limits and encoding
     */
    public Renderer(Site site, PageOptions options) {
        this.site = Objects.requireNonNull(site, "site");
        this.options = Objects.requireNonNull(options, "options");
    }

    Site site() {
        return site;
    }

    /**
     * Leaves out the URLs that {@code rules} (the site's served robots.txt) disallows.
     *
     * @param rules the rules of {@code User-agent: *}
     * @return this renderer
     */
    public Renderer robots(RobotsRules rules) {
        robots = Objects.requireNonNull(rules, "rules");
        return this;
    }

    /**
     * Has each page's {@link Fingerprints} collected, for telling what changed since the last
     * render.
     *
     * @return this renderer
     */
    public Renderer fingerprints() {
        fingerprints = true;
        return this;
    }

    /**
     * Leaves out the URLs whose path {@code patterns} disallow (the {@code exclude} setting).
     *
     * @param patterns the excluded path patterns, as robots.txt rules
     * @return this
     */
    public Renderer exclude(RobotsRules patterns) {
        exclude = Objects.requireNonNull(patterns, "patterns");
        return this;
    }

    /**
     * Leaves out the URLs whose last page check failed ({@code verify-action=exclude}).
     *
     * @param locs the URLs as pages write them
     * @return this
     */
    public Renderer failed(java.util.Set<String> locs) {
        failed = Objects.requireNonNull(locs, "locs");
        return this;
    }

    /**
     * Tells {@code listener} of each URL left out, with why (explain's re-read of a section).
     *
     * @param listener told on the rendering thread
     * @return this
     */
    public Renderer onSkip(java.util.function.BiConsumer<SkipReason, SitemapUrl> listener) {
        onSkip = listener;
        return this;
    }

    /**
     * Gives URLs whose source gives no lastmod one from content ({@code lastmod=content}).
     *
     * @param previous the previous render's gzip page at each 0-based page index of the next
     *     render this renderer makes, or null for none
     * @param now the render's time, which new and changed entries get
     * @return this
     */
    public Renderer contentLastmods(java.util.function.IntFunction<byte[]> previous, org.sitemapkit.model.Lastmod now) {
        previousPages = Objects.requireNonNull(previous, "previous");
        renderTime = Objects.requireNonNull(now, "now");
        return this;
    }

    PageOptions options() {
        return options;
    }

    /**
     * Deflates pages in the background on {@code value}'s tasks, when the options ask for it;
     * without, pages are deflated on the rendering thread.
     *
     * @param value the application's threads
     * @return this renderer
     */
    public Renderer threads(Threads value) {
        threads = Objects.requireNonNull(value, "threads");
        return this;
    }

    /**
     * Renders all sections into {@code sink}.
     *
     * @param sources the sources, grouped by section
     * @param sink where each finished page goes
     * @return the pages written and the URLs skipped
     * @throws SourceException when a source fails; what reached the sink is then incomplete
     * @throws IOException when the sink fails; a sink's unchecked exception comes out as thrown
     */
    public RenderReport render(UrlSources sources, PageSink sink) throws IOException {
        List<PageSummary> pages = new ArrayList<>();
        EnumMap<SkipReason, Long> skipped = new EnumMap<>(SkipReason.class);
        long urls = 0;
        for (Map.Entry<String, List<SourcePlan>> section : sources.bySection().entrySet()) {
            UrlsetWriter writer = renderSection(section.getKey(), section.getValue(), sink);
            pages.addAll(writer.pages());
            urls += writer.urlCount();
            writer.skipped().forEach((k, v) -> skipped.merge(k, v, Long::sum));
        }
        return new RenderReport(pages, urls, skipped);
    }

    /** Renders one section from its sources, for refreshing a single section. */
    UrlsetWriter renderSection(String section, List<SourcePlan> sources, PageSink sink) throws IOException {
        return renderSection(section, sources, sink, new RenderControl());
    }

    /**
     * Renders one section from its sources, for refreshing a single section under a deadline.
     *
     * @param section the section's name
     * @param sources the section's sources, in order
     * @param sink where each finished page goes
     * @param control abandons the render from another thread
     * @return the finished writer, which holds the pages and the skipped counts
     * @throws SourceException when a source fails
     * @throws IOException when the sink fails
     */
    public UrlsetWriter renderSection(String section, List<SourcePlan> sources, PageSink sink, RenderControl control)
            throws IOException {
        UrlsetWriter writer = newWriter(section, sources, sink);
        boolean done = false;
        try {
            writeAll(writer, section, sources, control);
            writer.finish();
            done = true;
        } finally {
            if (!done) {
                writer.abort();
            }
        }
        return writer;
    }

    /** A writer with the site's rules and the section's defaults; a section's page size only lowers the global one. */
    private UrlsetWriter newWriter(String section, List<SourcePlan> sources, PageSink sink) {
        return newWriter(section, sources, sink, 0);
    }

    /**
     * As above; {@code unsetMaxUrls}, when positive, is the page size of a section whose sources
     * set none (stable pages: {@link StablePages#DEFAULT_MAX_URLS}).
     */
    private UrlsetWriter newWriter(String section, List<SourcePlan> sources, PageSink sink, int unsetMaxUrls) {
        SectionDefaults defaults = SectionDefaults.of(sources);
        int maxUrls = defaults.maxUrls() > 0 ? defaults.maxUrls() : unsetMaxUrls;
        PageOptions pages = maxUrls > 0 && maxUrls < options.maxUrls()
                ? options.toBuilder().maxUrls(maxUrls).build()
                : options;
        UrlsetWriter writer = new UrlsetWriter(site, section, pages, sink, threads)
                .robots(robots)
                .exclude(exclude)
                .failed(failed)
                .onSkip(onSkip)
                .defaults(defaults);
        if (previousPages != null) {
            writer.contentLastmods(previousPages, renderTime);
        }
        return fingerprints ? writer.fingerprints() : writer;
    }

    /**
     * Renders a section of stable pages, keeping the boundaries of the last render: the page
     * holding a key stays the page holding it until a page passes the limits (split) or becomes
     * small (merged into the next).
     *
     * @param section the section
     * @param source its only source
     * @param boundaries the smallest key of each page of the last render, page 1's being
     *     {@code Long.MIN_VALUE}; empty for a first render
     * @param sink where pages go
     * @param control stops the render when abandoned
     * @return the pages written and their boundaries
     * @throws IOException when the sink fails
     */
    public StablePages renderStable(
            String section, SourcePlan source, long[] boundaries, PageSink sink, RenderControl control)
            throws IOException {
        return render(section, source, boundaries, Long.MIN_VALUE, Long.MAX_VALUE, true, sink, control);
    }

    /**
     * Renders only the rows of one page of a stable section, the keys {@code from..to}: the caller
     * keeps the result only when it is one page that a whole render would have made the same.
     *
     * @param section the section
     * @param source its only source
     * @param from the page's smallest key
     * @param to its largest key
     * @param last whether it is the section's last page, which new pages are cut from
     * @param sink where pages go
     * @param control stops the render when abandoned
     * @return the pages written
     * @throws IOException when the sink fails
     */
    public StablePages renderRange(
            String section, SourcePlan source, long from, long to, boolean last, PageSink sink, RenderControl control)
            throws IOException {
        return render(section, source, new long[] {from}, from, to, last, sink, control);
    }

    private StablePages render(
            String section,
            SourcePlan source,
            long[] boundaries,
            long from,
            long to,
            boolean fresh,
            PageSink sink,
            RenderControl control)
            throws IOException {
        UrlsetWriter writer = newWriter(section, List.of(source), sink, StablePages.DEFAULT_MAX_URLS);
        StablePages.Cutter cutter = new StablePages.Cutter(writer, writer.options(), boundaries, fresh);
        boolean done = false;
        try {
            control.check();
            try (Stream<?> rows = openRange(section, source, from, to)) {
                control.opened(rows);
                writeKeyed(writer, cutter, source, rows, control);
            } catch (SourceException e) {
                throw e;
            } catch (RuntimeException e) { // thrown by the stream, by its close(), or a null URL
                throw failure(section, source, e);
            } finally {
                control.closed();
            }
            writer.finish();
            done = true;
        } finally {
            if (!done) {
                writer.abort();
            }
        }
        return cutter.result();
    }

    private void writeKeyed(
            UrlsetWriter writer, StablePages.Cutter cutter, SourcePlan source, Stream<?> rows, RenderControl control) {
        rows.sequential().forEachOrdered(row -> {
            control.check();
            Objects.requireNonNull(row, "a row source yielded null");
            long key = source.key().applyAsLong(row);
            try {
                cutter.before(key);
            } catch (IOException e) {
                throw new WriteFailed(e);
            }
            SitemapUrl url;
            try {
                url = source.map(row, site);
            } catch (IllegalArgumentException | NullPointerException e) {
                writer.refused(String.valueOf(e.getMessage()));
                return;
            }
            write(writer, url);
            cutter.after(key);
        });
    }

    private Stream<?> openRange(String section, SourcePlan source, long from, long to) {
        try {
            return Objects.requireNonNull(source.range().open(site, from, to), "the key range source returned null");
        } catch (Exception e) {
            throw new SourceException(section, source, e);
        }
    }

    /**
     * Pushes each source's URLs into the writer with {@code forEachOrdered}: pulling them through
     * {@code iterator()} would buffer every element of a stream pipeline on its way.
     */
    private void writeAll(UrlsetWriter writer, String section, List<SourcePlan> sources, RenderControl control)
            throws IOException {
        for (SourcePlan source : sources) {
            control.check();
            try (Stream<?> items = open(section, source)) {
                control.opened(items);
                writeRows(writer, source, items, control);
            } catch (SourceException e) {
                throw e;
            } catch (RuntimeException e) { // thrown by the stream, by its close(), or a null URL
                throw failure(section, source, e);
            } finally {
                control.closed();
            }
        }
    }

    /** Maps each row as it comes, skipping and counting the rows a builder refuses. */
    private void writeRows(UrlsetWriter writer, SourcePlan source, Stream<?> rows, RenderControl control) {
        rows.sequential().forEachOrdered(row -> {
            control.check();
            Objects.requireNonNull(row, "a row source yielded null");
            SitemapUrl url;
            try {
                url = source.map(row, site);
            } catch (IllegalArgumentException | NullPointerException e) {
                writer.refused(String.valueOf(e.getMessage()));
                return;
            }
            write(writer, url);
        });
    }

    private static void write(UrlsetWriter writer, SitemapUrl url) {
        Objects.requireNonNull(url, "a URL source yielded null");
        try {
            writer.write(url);
        } catch (IOException | RuntimeException e) {
            throw new WriteFailed(e);
        }
    }

    /**
     * What a render stopped by {@code e} throws: the writer's own failure as it was, else the
     * source's, wrapped to name the section and source.
     */
    private static IOException failure(String section, SourcePlan source, RuntimeException e) throws IOException {
        WriteFailed failed = writeFailure(e);
        if (failed == null) {
            throw new SourceException(section, source, e);
        }
        if (failed.getCause() instanceof IOException) {
            return (IOException) failed.getCause();
        }
        throw (RuntimeException) failed.getCause();
    }

    /** The writer's failure in {@code e}'s causes, in case the source's stream wrapped it. */
    private static WriteFailed writeFailure(Throwable e) {
        Throwable t = e;
        for (int depth = 0; t != null && depth < 32; depth++, t = t.getCause()) {
            if (t instanceof WriteFailed) {
                return (WriteFailed) t;
            }
        }
        return null;
    }

    /** Carries the writer's own failure out of {@code forEachOrdered}, apart from the source's. */
    private static final class WriteFailed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        WriteFailed(Exception cause) {
            super(cause);
        }
    }

    private Stream<?> open(String section, SourcePlan source) {
        try {
            Stream<?> opened = source.rows().open(site);
            return Objects.requireNonNull(opened, "urls() returned null");
        } catch (Exception e) {
            throw new SourceException(section, source, e);
        }
    }
}
