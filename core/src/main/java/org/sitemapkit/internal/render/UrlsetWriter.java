package org.sitemapkit.internal.render;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.sitemapkit.internal.LogText;
import org.sitemapkit.internal.Threads;
import org.sitemapkit.internal.robots.RobotsRules;
import org.sitemapkit.internal.source.SectionDefaults;
import org.sitemapkit.internal.source.Sections;
import org.sitemapkit.model.Lastmod;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;

/**
 * Streams the URLs of one section into as many urlset pages as the limits demand. Each entry
 * is encoded once and handed to the page's deflater as it is written, in blocks; the page is cut
 * before the entry that would push it past {@code max-urls} or, counting its closing tag, past
 * {@code max-bytes}. Only the start tag waits for the page's end, since it declares the
 * extension namespaces the page turned out to use: memory is bounded by a few blocks, not by the
 * page or the number of URLs.
 *
 * <p>States: open, accepting {@link #write}; finished after {@link #finish}, when only the
 * results may be read.
 */
public final class UrlsetWriter {
    private static final System.Logger LOG = System.getLogger(UrlsetWriter.class.getName());

    /** Where the loc starts in an encoded entry: after {@code <url><loc>}. */
    private static final int LOC_START = EntryEncoder.LOC_START;

    private final Site site;
    private final String section;
    private final PageOptions options;
    private final PageSink sink;
    private final PageOutput output;
    private final EntryEncoder encoder;
    private int pageBodyBytes;
    private final List<PageSummary> pages = new ArrayList<>();
    private final EnumMap<SkipReason, Long> skipped = new EnumMap<>(SkipReason.class);
    private boolean finished;
    private UrlFilter filter = UrlFilter.NONE;
    private java.util.Set<String> failed = java.util.Set.of();
    /** {@code lastmod=content}: lastmods for URLs given none; null when off. */
    private ContentLastmods contentLastmods;
    /** Told of each URL left out, with why; null for none. */
    private java.util.function.BiConsumer<SkipReason, SitemapUrl> onSkip;

    private long urlCount;

    private int pageUrls;
    private int pageNamespaces;
    private Lastmod pageNewest;
    private boolean pageLacksLastmod;
    private Fingerprints.Collector fingerprints;

    /** When this writer was made: the render's start, which the audit and the news window count from. */
    private final long startMillis = System.currentTimeMillis();

    /** The lastmods' audit, from the render's start. */
    private final SectionAudit audit = new SectionAudit(startMillis);

    /** Google News reads the news block of articles of the last two days, at most this many a sitemap. */
    static final int MAX_NEWS = 1000;

    /**
     * Articles published before this lose their news block: two days before the hour the render
     * began in, so that nodes rendering within the same hour write the same bytes.
     */
    private final long newsSince = startMillis / 3_600_000L * 3_600_000L - 2 * 86_400_000L;

    private long newsRecent;
    private long newsExpired;
    private int pageNews;

    UrlsetWriter(Site site, String section, PageOptions options, PageSink sink) {
        this(site, section, options, sink, null);
    }

    /** A writer whose background deflate runs on {@code threads}; null to deflate inline. */
    UrlsetWriter(Site site, String section, PageOptions options, PageSink sink, Threads threads) {
        this.site = Objects.requireNonNull(site, "site");
        this.section = Sections.check(section);
        this.options = Objects.requireNonNull(options, "options");
        this.sink = Objects.requireNonNull(sink, "sink");
        this.output = new PageOutput(this.section, sink, options, threads);
        this.encoder = new EntryEncoder(site);
    }

    /**
     * Leaves out the URLs the site's own robots.txt disallows to every crawler, from now on: search
     * consoles report a listed URL that robots.txt blocks as an error.
     */
    UrlsetWriter robots(RobotsRules rules) {
        filter = filter.robots(rules);
        return this;
    }

    /**
     * Leaves out the URLs whose last check against the application's answer failed ({@code
     * verify-action=exclude}), named as the page writes them.
     *
     * @param locs the failed URLs; read, never copied, while the writer runs
     * @return this
     */
    public UrlsetWriter failed(java.util.Set<String> locs) {
        failed = java.util.Objects.requireNonNull(locs, "locs");
        return this;
    }

    /**
     * Gives each URL whose source gives no lastmod one from content ({@code lastmod=content}): the
     * lastmod the previous render wrote for the same entry, else the render's time.
     *
     * @param previous the previous render's gzip page at each 0-based page index of this writer, or null
     * @param now the render's time
     * @return this
     */
    public UrlsetWriter contentLastmods(java.util.function.IntFunction<byte[]> previous, Lastmod now) {
        contentLastmods = new ContentLastmods(previous, now);
        return this;
    }

    /**
     * Tells {@code listener} of each URL left out, with why: a question about one URL (explain)
     * re-reads a section to find it, and that re-read logs nothing above DEBUG (the render it
     * repeats already said it).
     *
     * @param listener told on the writing thread
     * @return this
     */
    public UrlsetWriter onSkip(java.util.function.BiConsumer<SkipReason, SitemapUrl> listener) {
        onSkip = listener;
        return this;
    }

    /**
     * Collects each page's {@link Fingerprints}, handed over in its {@link PageSummary}, so that the
     * next render can tell which URLs changed.
     *
     * @return this writer
     */
    public UrlsetWriter fingerprints() {
        fingerprints = new Fingerprints.Collector();
        return this;
    }

    /**
     * Leaves out the URLs whose path (without the query) the {@code exclude} patterns match.
     *
     * @param patterns the patterns as Disallow rules
     * @return this
     */
    public UrlsetWriter exclude(RobotsRules patterns) {
        filter = filter.exclude(patterns);
        return this;
    }

    /**
     * Ends the current page, if it has a URL, so the next URL starts a new one: stable pages keep
     * the boundaries of the last render.
     *
     * @throws IOException when the sink fails
     */
    public void breakPage() throws IOException {
        if (finished) {
            throw new IllegalStateException("section " + section + " is already finished");
        }
        if (pageUrls > 0) {
            endPage();
        }
    }

    /**
     * URLs in the page being filled.
     *
     * @return the count, 0 right after a page ended
     */
    public int pageUrls() {
        return pageUrls;
    }

    /**
     * The uncompressed size of the page being filled, as it would be if it ended now.
     *
     * @return bytes
     */
    public long pageBytes() {
        return pageBytes(pageNamespaces, pageBodyBytes);
    }

    /**
     * Writes the section's changefreq and priority for URLs that set none.
     *
     * @param value the section's defaults
     * @return this
     */
    public UrlsetWriter defaults(SectionDefaults value) {
        encoder.defaults(value);
        return this;
    }

    /**
     * Adds a URL to the current page, cutting a new page first when it would not fit.
     *
     * @return false when the URL was skipped (counted in {@link #skipped()} and logged)
     */
    boolean write(SitemapUrl url) throws IOException {
        if (finished) {
            throw new IllegalStateException("section " + section + " is already finished");
        }
        boolean news = url.news() != null;
        boolean expiredNews = false;
        if (news && url.news().publicationDate().instant().toEpochMilli() < newsSince) {
            if (options.newsExpired() == PageOptions.NewsExpired.SKIP) {
                newsExpired++;
                skip(SkipReason.NEWS_EXPIRED, url);
                return false;
            }
            url = withoutNews(url);
            news = false;
            expiredNews = true;
        }
        int namespaces = namespaces(url);
        SkipReason reason = encoder.encode(url);
        if (reason == null) {
            reason = filter.check(url.loc()); // in scope, so the path is the site's own
        }
        if (reason == null && !failed.isEmpty() && failed.contains(encoder.writtenLoc())) {
            reason = SkipReason.FAILED_VERIFICATION;
        }
        if (reason != null) {
            skip(reason, url);
            return false;
        }
        ByteBuf body = encoder.entry();
        Lastmod lastmod = url.lastmod();
        Lastmod given = lastmod;
        if (lastmod == null && contentLastmods != null) {
            ContentLastmods.Stamp derived =
                    contentLastmods.lastmod(pages.size(), body.array(), body.size(), encoder.locEnd());
            encoder.insertLastmod(derived.text());
            lastmod = derived.lastmod();
        }
        int entry = body.size();
        int combined = pageNamespaces | namespaces;
        if (pageUrls > 0
                && (pageUrls == options.maxUrls()
                        || (news && pageNews == MAX_NEWS)
                        || pageBytes(combined, pageBodyBytes + entry) > options.maxBytes())) {
            endPage();
            combined = namespaces;
        }
        if (pageBytes(combined, pageBodyBytes + entry) > options.maxBytes()) {
            skip(SkipReason.LARGER_THAN_PAGE, url);
            return false;
        }
        output.append(body.array(), 0, entry);
        pageBodyBytes += entry;
        pageNamespaces = combined;
        pageUrls++;
        urlCount++;
        if (news) {
            pageNews++;
            newsRecent++; // counted once written: a recent article skipped for another reason is not in the sitemap
        } else if (expiredNews) {
            newsExpired++;
        }
        audit.add(given, url.loc()); // a lastmod from content is no source's claim to audit
        audit.alternates(url.loc(), url.alternates());
        if (fingerprints != null) {
            fingerprints.add(
                    body.array(), LOC_START, encoder.locEnd() - LOC_START, lastmod == null ? null : lastmod.toString());
        }
        if (lastmod == null) {
            pageLacksLastmod = true;
        } else if (pageNewest == null || lastmod.isAfter(pageNewest)) {
            pageNewest = lastmod;
        }
        return true;
    }

    /** Gives up: releases the compression thread without writing what is left. */
    public void abort() {
        finished = true;
        output.close();
    }

    /** Writes the last page; a section without a single URL has no page at all. */
    void finish() throws IOException {
        if (finished) {
            return;
        }
        finished = true;
        try {
            if (pageUrls > 0) {
                endPage();
            }
            output.finish();
        } finally {
            output.close();
        }
        long total = skipped.values().stream().mapToLong(Long::longValue).sum();
        if (total > 0) {
            boolean faults = skipped.keySet().stream().anyMatch(r -> !r.intended());
            LOG.log(
                    onSkip != null ? Level.DEBUG : faults ? Level.WARNING : Level.INFO, // explain's re-read: quiet
                    "sitemap section {0}: wrote {1} URLs in {2} pages, skipped {3}: {4}",
                    section,
                    urlCount,
                    pages.size(),
                    total,
                    skipped);
        }
    }

    String section() {
        return section;
    }

    /**
     * The page limits this writer cuts by: the section's own page size where it set one.
     *
     * @return the options
     */
    public PageOptions options() {
        return options;
    }

    /**
     * The pages written so far, in order; all of them once {@code finish} has run.
     *
     * @return an unmodifiable view of the pages
     */
    public List<PageSummary> pages() {
        return Collections.unmodifiableList(pages);
    }

    /** What the lastmods and news dates written so far show; call once the section is written. */
    public SectionAudit.Findings audit() {
        return audit.findings(urlCount, System.currentTimeMillis(), newsRecent, newsExpired);
    }

    private static SitemapUrl withoutNews(SitemapUrl url) {
        return new SitemapUrl(
                url.loc(),
                url.lastmod(),
                url.changefreq(),
                url.priority(),
                url.alternates(),
                url.images(),
                url.videos(),
                null);
    }

    long urlCount() {
        return urlCount;
    }

    /**
     * Skipped URLs by reason; only reasons that occurred are present.
     *
     * @return an unmodifiable map of counts
     */
    public Map<SkipReason, Long> skipped() {
        return Collections.unmodifiableMap(skipped);
    }

    private long pageBytes(int namespaces, int bodyBytes) {
        return (long) Xml.urlsetHeader(namespaces).length + bodyBytes + Xml.URLSET_FOOTER.length;
    }

    private void endPage() throws IOException {
        PageSummary page = new PageSummary(
                section,
                pages.size() + 1,
                pageUrls,
                pageBytes(pageNamespaces, pageBodyBytes),
                pageLacksLastmod ? null : pageNewest,
                fingerprints == null ? null : fingerprints.take());
        pages.add(page);
        output.endPage(Xml.urlsetHeader(pageNamespaces), page);
        pageBodyBytes = 0;
        pageUrls = 0;
        pageNews = 0;
        pageNamespaces = 0;
        pageNewest = null;
        pageLacksLastmod = false;
    }

    /** Counts a row whose mapping a builder refused, logging the first one with the reason. */
    void refused(String why) {
        long n = skipped.merge(SkipReason.REFUSED_ROW, 1L, Long::sum);
        LOG.log(
                n == 1 && onSkip == null ? Level.WARNING : Level.DEBUG,
                "sitemap section {0}: skipped a row ({1}): {2}; site {3}",
                section,
                SkipReason.REFUSED_ROW,
                LogText.quote(why),
                site);
    }

    private void skip(SkipReason reason, SitemapUrl url) {
        long n = skipped.merge(reason, 1L, Long::sum);
        if (onSkip != null) {
            onSkip.accept(reason, url);
        }
        // the first of each fault is worth a warning, a million more would drown the log; a skip the
        // application's own rules ask for (robots.txt, exclude) is no fault: said at DEBUG only
        LOG.log(
                n == 1 && !reason.intended() && onSkip == null ? Level.WARNING : Level.DEBUG,
                "sitemap section {0}: skipped {1} ({2}); site {3}",
                section,
                LogText.quote(url.loc()),
                reason,
                site);
    }

    private static int namespaces(SitemapUrl url) {
        if (!EntryEncoder.hasExtensions(url)) {
            return 0;
        }
        return (url.alternates().isEmpty() ? 0 : Xml.XHTML)
                | (url.images().isEmpty() ? 0 : Xml.IMAGE)
                | (url.videos().isEmpty() ? 0 : Xml.VIDEO)
                | (url.news() != null ? Xml.NEWS : 0);
    }
}
