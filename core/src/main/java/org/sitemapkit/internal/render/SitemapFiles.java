package org.sitemapkit.internal.render;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import org.sitemapkit.internal.Threads;
import org.sitemapkit.model.Site;

/**
 * Sitemaps written outside a web application, for static sites, CDN uploads and builds: the same
 * sources and the same engine as the filter, written as gzip pages ({@code sitemap-<section>-<n>.xml.gz})
 * and an index ({@code sitemap.xml}) that lists them.
 */
public final class SitemapFiles {
    private static final System.Logger LOG = System.getLogger(SitemapFiles.class.getName());

    /** The index's name, as the filter serves it. */
    public static final String INDEX = "sitemap.xml";

    private SitemapFiles() {}

    /**
     * Renders every section and then the index.
     *
     * @param open opens a file by name for writing; each stream is closed when its file is done
     * @param site the site every URL must belong to
     * @param sources the sources
     * @return the names written, the index last
     * @throws IOException when a stream fails
     * @throws SourceException when a source fails
     */
    public static List<String> write(Function<String, OutputStream> open, Site site, UrlSources sources)
            throws IOException {
        Objects.requireNonNull(open, "open");
        List<String> names = new ArrayList<>();
        PageSink sink = new PageSink() {
            private OutputStream current;

            @Override
            public OutputStream openPage(String section, int number) throws IOException {
                String name = "sitemap-" + section + "-" + number + ".xml.gz";
                current = opened(open, name);
                names.add(name);
                return current;
            }

            @Override
            public void pageWritten(PageSummary page) throws IOException {
                current.close();
                current = null;
            }
        };
        RenderReport report;
        try (Threads threads = Threads.of(null)) {
            report = new Renderer(site, PageOptions.defaults()).threads(threads).render(sources, sink);
        }
        if (report.pages().isEmpty()) {
            throw new IllegalArgumentException("no URL to write: " + report + "; an index needs at least one page");
        }
        try (OutputStream out = opened(open, INDEX)) {
            SitemapIndexWriter.write(out, site, report.pages(), true);
        }
        names.add(INDEX);
        LOG.log(
                report.skippedCount() == 0 ? Level.INFO : Level.WARNING,
                "sitemapkit: wrote {0} URLs of {1} in {2} pages and {3}; skipped {4}",
                report.urlCount(),
                site.base(),
                report.pages().size(),
                INDEX,
                report.skipped());
        return names;
    }

    private static OutputStream opened(Function<String, OutputStream> open, String name) throws IOException {
        try {
            return Objects.requireNonNull(open.apply(name), "the stream for " + name);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
