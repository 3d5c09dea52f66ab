package org.sitemapkit.internal.service;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import org.sitemapkit.internal.Gzip;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.render.PageOptions;
import org.sitemapkit.internal.render.SitemapIndexWriter;
import org.sitemapkit.internal.store.CachedPage;
import org.sitemapkit.internal.store.RenderedSection;
import org.sitemapkit.model.Lastmod;
import org.sitemapkit.model.Site;

/**
 * The documents at {@code /sitemap.xml} and {@code /sitemap-{n}.xml}, composed from a site's
 * rendered sections and the {@code additional-sitemaps}: never a render of its own.
 */
final class IndexComposer {
    private static final System.Logger LOG = System.getLogger(IndexComposer.class.getName());

    private final Settings settings;
    private final int gzipLevel;

    IndexComposer(Settings settings, int gzipLevel) {
        this.settings = settings;
        this.gzipLevel = gzipLevel;
    }

    /**
     * The index documents of a site made of {@code sections}: the only page when there is one, the
     * index mode is {@code auto} and nothing is added; else indexes of at most 50,000 entries.
     */
    List<CachedPage> compose(Site site, List<RenderedSection> sections) {
        List<CachedPage> pages = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (RenderedSection s : sections) {
            for (int i = 0; i < s.pages().size(); i++) {
                pages.add(s.pages().get(i));
                names.add(site.url("sitemap-" + s.section() + "-" + (i + 1) + ".xml"
                        + (settings.paging().gzipLocs() ? ".gz" : "")));
            }
        }
        if (pages.size() == 1
                && settings.paging().index() == Settings.IndexMode.AUTO
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
        return new CachedPage(Gzip.compress(xml, gzipLevel), xml.length, 0, null, allKnown ? newest : -1);
    }
}
