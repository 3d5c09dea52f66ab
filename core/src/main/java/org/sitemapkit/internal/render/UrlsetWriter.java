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
import org.sitemapkit.internal.robots.RobotsRules;
import org.sitemapkit.internal.source.SectionDefaults;
import org.sitemapkit.internal.source.Sections;
import org.sitemapkit.model.Alternate;
import org.sitemapkit.model.Changefreq;
import org.sitemapkit.model.Lastmod;
import org.sitemapkit.model.News;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.model.Video;

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

    private static final byte[] URL_LOC = Xml.bytes("<url><loc>");
    private static final byte[] LOC_END = Xml.bytes("</loc>");
    private static final byte[] LASTMOD = Xml.bytes("<lastmod>");
    private static final byte[] LASTMOD_END = Xml.bytes("</lastmod>");
    private static final byte[] PRIORITY = Xml.bytes("<priority>");
    private static final byte[] PRIORITY_END = Xml.bytes("</priority>");
    private static final byte[] URL_END = Xml.bytes("</url>\n");
    private static final byte[][] CHANGEFREQ = new byte[Changefreq.values().length][];

    static {
        for (Changefreq c : Changefreq.values()) {
            CHANGEFREQ[c.ordinal()] = Xml.bytes("<changefreq>" + c.word() + "</changefreq>");
        }
    }

    private final Site site;
    private final String section;
    private final PageOptions options;
    private final PageSink sink;
    private final PageOutput output;
    private final ByteBuf body = new ByteBuf(4 * 1024);
    private final ByteBuf tail = new ByteBuf(256);
    private Lastmod tailLastmod;
    private Changefreq tailChangefreq;
    private String tailPriority;
    private int pageBodyBytes;
    private final List<PageSummary> pages = new ArrayList<>();
    private final EnumMap<SkipReason, Long> skipped = new EnumMap<>(SkipReason.class);
    private boolean finished;
    private RobotsRules robots = RobotsRules.NONE;
    private RobotsRules exclude = RobotsRules.NONE;
    private SectionDefaults defaults = SectionDefaults.NONE;
    private long urlCount;

    private int pageUrls;
    private int pageNamespaces;
    private Lastmod pageNewest;
    private boolean pageLacksLastmod;
    private Fingerprints.Collector fingerprints;
    /** Where the loc of the entry in {@code body} ends. */
    private int locEnd;

    UrlsetWriter(Site site, String section, PageOptions options, PageSink sink) {
        this.site = Objects.requireNonNull(site, "site");
        this.section = Sections.check(section);
        this.options = Objects.requireNonNull(options, "options");
        this.sink = Objects.requireNonNull(sink, "sink");
        this.output = new PageOutput(this.section, sink, options);
    }

    /**
     * Leaves out the URLs the site's own robots.txt disallows to every crawler, from now on: search
     * consoles report a listed URL that robots.txt blocks as an error.
     */
    UrlsetWriter robots(RobotsRules rules) {
        robots = Objects.requireNonNull(rules, "rules");
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
        exclude = Objects.requireNonNull(patterns, "patterns");
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
        defaults = Objects.requireNonNull(value, "defaults");
        return this;
    }

    /** The path and query of an absolute URL, without its fragment: what robots.txt rules match. */
    static String pathAndQuery(String loc) {
        int start = loc.indexOf("://") + 3;
        int slash = start;
        while (slash < loc.length() && "/?#".indexOf(loc.charAt(slash)) < 0) {
            slash++;
        }
        int hash = loc.indexOf('#', slash);
        String rest = loc.substring(slash, hash < 0 ? loc.length() : hash);
        return rest.startsWith("/") ? rest : "/" + rest;
    }

    /** The path of an absolute URL, without query or fragment: what {@code exclude} patterns match. */
    static String path(String loc) {
        String p = pathAndQuery(loc);
        int q = p.indexOf('?');
        return q < 0 ? p : p.substring(0, q);
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
        body.clear(); // holds one encoded entry at a time
        int namespaces = namespaces(url);
        SkipReason reason = encode(url);
        if (reason == null && !exclude.isEmpty() && !exclude.allows(path(url.loc()))) {
            reason = SkipReason.EXCLUDED;
        }
        if (reason == null && !robots.isEmpty() && !robots.allows(pathAndQuery(url.loc()))) {
            reason = SkipReason.ROBOTS_DISALLOWED; // in scope, so the path is the site's own
        }
        if (reason != null) {
            skip(reason, url);
            return false;
        }
        int entry = body.size();
        int combined = pageNamespaces | namespaces;
        if (pageUrls > 0
                && (pageUrls == options.maxUrls() || pageBytes(combined, pageBodyBytes + entry) > options.maxBytes())) {
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
        Lastmod lastmod = url.lastmod();
        if (fingerprints != null) {
            fingerprints.add(
                    body.array(), URL_LOC.length, locEnd - URL_LOC.length, lastmod == null ? null : lastmod.toString());
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
            LOG.log(
                    Level.WARNING,
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
        pageNamespaces = 0;
        pageNewest = null;
        pageLacksLastmod = false;
    }

    /** Counts a row whose mapping a builder refused, logging the first one with the reason. */
    void refused(String why) {
        long n = skipped.merge(SkipReason.REFUSED_ROW, 1L, Long::sum);
        LOG.log(
                n == 1 ? Level.WARNING : Level.DEBUG,
                "sitemap section {0}: skipped a row ({1}): {2}; site {3}",
                section,
                SkipReason.REFUSED_ROW,
                LogText.quote(why),
                site);
    }

    private void skip(SkipReason reason, SitemapUrl url) {
        long n = skipped.merge(reason, 1L, Long::sum);
        // the first of each reason is worth a warning; a million more would drown the log
        LOG.log(
                n == 1 ? Level.WARNING : Level.DEBUG,
                "sitemap section {0}: skipped {1} ({2}); site {3}",
                section,
                LogText.quote(url.loc()),
                reason,
                site);
    }

    private static int namespaces(SitemapUrl url) {
        if (!url.hasExtensions()) {
            return 0;
        }
        return (url.alternates().isEmpty() ? 0 : Xml.XHTML)
                | (url.images().isEmpty() ? 0 : Xml.IMAGE)
                | (url.videos().isEmpty() ? 0 : Xml.VIDEO)
                | (url.news() != null ? Xml.NEWS : 0);
    }

    private SkipReason encode(SitemapUrl url) {
        body.put(URL_LOC);
        SkipReason r = UrlEncoder.writeLoc(body, url.loc(), site);
        if (r != null) {
            return r;
        }
        locEnd = body.size();
        encodeTail(
                url.lastmod(),
                url.changefreq() != null ? url.changefreq() : defaults.changefreq(),
                url.priority() != null ? url.priority() : defaults.priority());
        if (url.hasExtensions()) {
            r = encodeExtensions(url);
            if (r != null) {
                return r;
            }
        }
        body.put(URL_END);
        return null;
    }

    /**
     * Writes {@code </loc>} and the lastmod, changefreq and priority after it. Rows of one table
     * often repeat all three, so the bytes of the last ones are kept and copied while they do.
     */
    private void encodeTail(Lastmod lastmod, Changefreq changefreq, String priority) {
        if (tail.size() > 0
                && changefreq == tailChangefreq
                && Objects.equals(lastmod, tailLastmod)
                && Objects.equals(priority, tailPriority)) {
            body.put(tail.array(), 0, tail.size());
            return;
        }
        int from = body.size();
        body.put(LOC_END);
        if (lastmod != null) {
            body.put(LASTMOD);
            body.ascii(lastmod.toString());
            body.put(LASTMOD_END);
        }
        if (changefreq != null) {
            body.put(CHANGEFREQ[changefreq.ordinal()]);
        }
        if (priority != null) {
            body.put(PRIORITY);
            body.ascii(priority);
            body.put(PRIORITY_END);
        }
        tail.clear();
        tail.put(body.array(), from, body.size() - from);
        tailLastmod = lastmod;
        tailChangefreq = changefreq;
        tailPriority = priority;
    }

    private SkipReason encodeExtensions(SitemapUrl url) {
        for (Alternate a : url.alternates()) {
            body.ascii("<xhtml:link rel=\"alternate\" hreflang=\"");
            body.ascii(a.hreflang());
            body.ascii("\" href=\"");
            if (UrlEncoder.writeLink(body, a.href()) != null) {
                return SkipReason.BAD_EXTENSION_URL;
            }
            body.ascii("\"/>");
        }
        for (String image : url.images()) {
            body.ascii("<image:image>");
            if (!link("image:loc", image)) {
                return SkipReason.BAD_EXTENSION_URL;
            }
            body.ascii("</image:image>");
        }
        for (Video v : url.videos()) {
            if (!encodeVideo(v)) {
                return SkipReason.BAD_EXTENSION_URL;
            }
        }
        News news = url.news();
        if (news != null) {
            body.ascii("<news:news><news:publication>");
            text("news:name", news.publicationName());
            text("news:language", news.language());
            body.ascii("</news:publication>");
            text("news:publication_date", news.publicationDate().toString());
            text("news:title", news.title());
            body.ascii("</news:news>");
        }
        return null;
    }

    /** In the order the video schema's sequence requires. */
    private boolean encodeVideo(Video v) {
        body.ascii("<video:video>");
        if (!link("video:thumbnail_loc", v.thumbnailLoc())) {
            return false;
        }
        text("video:title", v.title());
        text("video:description", v.description());
        if (v.contentLoc().isPresent()
                && !link("video:content_loc", v.contentLoc().get())) {
            return false;
        }
        if (v.playerLoc().isPresent() && !link("video:player_loc", v.playerLoc().get())) {
            return false;
        }
        v.duration().ifPresent(d -> text("video:duration", Long.toString(d)));
        v.expirationDate().ifPresent(d -> text("video:expiration_date", d.toString()));
        v.rating().ifPresent(r -> text("video:rating", r));
        v.viewCount().ifPresent(c -> text("video:view_count", Long.toString(c)));
        v.publicationDate().ifPresent(d -> text("video:publication_date", d.toString()));
        for (String tag : v.tags()) {
            text("video:tag", tag);
        }
        v.familyFriendly().ifPresent(f -> text("video:family_friendly", f ? "yes" : "no"));
        v.requiresSubscription().ifPresent(f -> text("video:requires_subscription", f ? "yes" : "no"));
        v.uploader().ifPresent(u -> text("video:uploader", u));
        v.live().ifPresent(f -> text("video:live", f ? "yes" : "no"));
        body.ascii("</video:video>");
        return true;
    }

    private void text(String element, String value) {
        body.put((byte) '<');
        body.ascii(element);
        body.put((byte) '>');
        body.text(value);
        body.ascii("</");
        body.ascii(element);
        body.put((byte) '>');
    }

    private boolean link(String element, String url) {
        body.put((byte) '<');
        body.ascii(element);
        body.put((byte) '>');
        if (UrlEncoder.writeLink(body, url) != null) {
            return false;
        }
        body.ascii("</");
        body.ascii(element);
        body.put((byte) '>');
        return true;
    }
}
