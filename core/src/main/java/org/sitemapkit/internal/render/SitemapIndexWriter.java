package org.sitemapkit.internal.render;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Objects;
import org.sitemapkit.model.Lastmod;
import org.sitemapkit.model.Site;

/**
 * Streams a {@code <sitemapindex>} into a caller's stream, which it flushes but never closes.
 * States: open (nothing written yet), writing (after the first {@link #sitemap}), closed.
 * An index needs one to 50,000 entries; the writer refuses to produce anything else.
 */
public final class SitemapIndexWriter implements AutoCloseable {
    private static final byte[] SITEMAP_LOC = Xml.bytes("<sitemap><loc>");
    private static final byte[] LOC_END = Xml.bytes("</loc>");
    private static final byte[] LASTMOD = Xml.bytes("<lastmod>");
    private static final byte[] LASTMOD_END = Xml.bytes("</lastmod>");
    private static final byte[] SITEMAP_END = Xml.bytes("</sitemap>\n");

    private final OutputStream out;
    private final Site site;
    private final ByteBuf buf = new ByteBuf(8 * 1024);
    private int entries;
    private boolean closed;

    /**
     * An index whose entries must all be inside {@code site}, as an index may only list sitemaps in
     * its own scope.
     *
     * @param out where the index is written; closing the writer does not close it
     * @param site the scope every listed sitemap must be in
     */
    public SitemapIndexWriter(OutputStream out, Site site) {
        this.out = Objects.requireNonNull(out, "out");
        this.site = Objects.requireNonNull(site, "site");
    }

    /**
     * Lists every page in order, linking {@code .xml.gz} files when {@code gzipLocs}.
     *
     * @param out where the index is written
     * @param site the site the pages belong to
     * @param pages the pages, at most 50,000
     * @param gzipLocs true to link the compressed pages
     * @throws IOException if {@code out} fails
     */
    public static void write(OutputStream out, Site site, List<PageSummary> pages, boolean gzipLocs)
            throws IOException {
        try (SitemapIndexWriter w = new SitemapIndexWriter(out, site)) {
            for (PageSummary p : pages) {
                w.sitemap(
                        site.url(p.fileName() + (gzipLocs ? ".gz" : "")),
                        p.lastmod().orElse(null));
            }
        }
    }

    /**
     * Adds one sitemap.
     *
     * @param loc absolute, inside the site — sitemaps must be listed by an index in their scope
     * @param lastmod null when unknown
     * @return this writer
     * @throws IOException if the output fails
     */
    public SitemapIndexWriter sitemap(String loc, Lastmod lastmod) throws IOException {
        if (closed) {
            throw new IllegalStateException("sitemap index is closed");
        }
        if (entries == PageOptions.MAX_URLS) {
            throw new IllegalStateException("a sitemap index holds at most " + PageOptions.MAX_URLS
                    + " sitemaps; raise max-urls or max-bytes so fewer pages are needed");
        }
        Objects.requireNonNull(loc, "loc");
        if (entries == 0) {
            buf.put(Xml.INDEX_HEADER);
        }
        int start = buf.size();
        buf.put(SITEMAP_LOC);
        SkipReason r = loc.contains("://") ? UrlEncoder.writeLoc(buf, loc, site) : SkipReason.MALFORMED;
        if (r != null) {
            buf.size(start);
            throw new IllegalArgumentException("sitemap loc cannot be listed (" + r + "): \"" + loc + "\"");
        }
        buf.put(LOC_END);
        if (lastmod != null) {
            buf.put(LASTMOD);
            buf.ascii(lastmod.toString());
            buf.put(LASTMOD_END);
        }
        buf.put(SITEMAP_END);
        entries++;
        if (buf.size() >= 8 * 1024) {
            buf.writeTo(out);
            buf.clear();
        }
        return this;
    }

    /** Writes the end tag and flushes; the caller's stream stays open. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        if (entries == 0) {
            throw new IllegalStateException("a sitemap index needs at least one sitemap");
        }
        closed = true;
        buf.put(Xml.INDEX_FOOTER);
        buf.writeTo(out);
        buf.clear();
        out.flush();
    }
}
