package org.sitemapkit.bench;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.EnumSet;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.LongStream;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.sitemapkit.SitemapFilter;
import org.sitemapkit.SitemapKit;
import org.sitemapkit.internal.render.PageOptions;
import org.sitemapkit.internal.render.PageSink;
import org.sitemapkit.internal.render.PageSummary;
import org.sitemapkit.internal.render.RenderReport;
import org.sitemapkit.internal.render.Renderer;
import org.sitemapkit.internal.render.SitemapIndexWriter;
import org.sitemapkit.internal.render.UrlSources;
import org.sitemapkit.model.Changefreq;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;

/**
 * SitemapKit as the contender: the render Main times and the memory probe runs ({@link #CONTENDER}
 * and its diagnostics), the workload's sources and URLs, and {@link #installFilter}, through which
 * every benchmark puts SitemapKit's filter on a Jetty context. Main (with the memory probe's child
 * JVMs it runs), Report and Serving see SitemapKit only through this class, so when the engine
 * gains an option (parallel compression, say) the contender changes here alone.
 *
 * <p>The other benchmarks also call SitemapKit directly, for what they vary: EngineBench renders
 * at other gzip levels through the engine's {@code Renderer} and times one-URL pages in a
 * {@code SitemapService}; StoresBench sets page stores and runs {@code SitemapService}s over them;
 * FreshnessBench registers a stable JDBC source and invalidates it.
 *
 * <p>The contender, {@link #CONTENDER}, is what a user calls: the public
 * {@code SitemapKit.write(open, site, sources)}. Only the diagnostic modes ({@link #INLINE},
 * {@link #IDENTITY}) reach into the engine's internal classes ({@code Renderer},
 * {@code PageOptions}, {@code SitemapIndexWriter}, {@code UrlSources}), because the page options
 * they vary (background compression, gzip) are not part of the public API.
 */
final class KitEngine {
    private KitEngine() {}

    static final String SECTION = "products";

    /** SitemapKit's changefreq for each of {@link Workload#CHANGEFREQS}. */
    private static final Changefreq[] CHANGEFREQS = {Changefreq.DAILY, Changefreq.WEEKLY, Changefreq.MONTHLY};

    /** How a render is configured: the engine's defaults, or a diagnostic variant of them. */
    enum Mode {
        /** The public writer, {@code SitemapKit.write}, which uses {@code PageOptions.defaults()}. */
        DEFAULTS,
        /** The defaults with every page deflated on the rendering thread ({@code backgroundCompression(false)}). */
        INLINE_GZIP,
        /** The defaults with gzip off: identity pages. */
        IDENTITY
    }

    /**
     * The page options of each mode. The contender does not pass them (the public writer always
     * uses the defaults); they are shown in the report and given to the diagnostic renders.
     */
    static PageOptions options(Mode mode) {
        switch (mode) {
            case INLINE_GZIP:
                return PageOptions.defaults().toBuilder()
                        .backgroundCompression(false)
                        .build();
            case IDENTITY:
                return PageOptions.defaults().toBuilder().gzip(false).build();
            default:
                return PageOptions.defaults();
        }
    }

    /** The source of the workload: {@code urls} URLs built from their index, as a user would. */
    static UrlSource source(long urls) {
        return UrlSource.of(SECTION, site -> LongStream.range(0, urls).mapToObj(i -> url(Workload.loc(i), i)));
    }

    /**
     * The same URLs for a live site: each loc is built from the site the request resolved to
     * ({@code Site.url}), as an application does, so they are inside the served site's scope.
     */
    static UrlSource servedSource(long urls) {
        return UrlSource.of(
                SECTION, site -> LongStream.range(0, urls).mapToObj(i -> url(site.url(Workload.path(i)), i)));
    }

    /** URL {@code i} of the workload with the given loc, as a user builds it. */
    static SitemapUrl url(String loc, long i) {
        return url(loc, i, Workload.lastmod(i));
    }

    /** URL {@code i} of the workload with the given loc and lastmod: a row changed since the workload made it. */
    static SitemapUrl url(String loc, long i, java.time.Instant lastmod) {
        return SitemapUrl.builder(loc)
                .lastmod(lastmod)
                .changefreq(CHANGEFREQS[Workload.changefreq(i)])
                .priority(Workload.priority(i))
                .build();
    }

    /**
     * Writes the workload into {@code target}: pages {@code sitemap-products-{n}.xml.gz} (or
     * {@code .xml} without gzip) and an index.
     *
     * @return the number of pages
     */
    static int render(long urls, Target target, Mode mode) throws IOException {
        return mode == Mode.DEFAULTS ? write(urls, target) : renderInternally(urls, target, mode);
    }

    /**
     * The contender: the public writer, {@code target} as the opener of every file. It answers
     * with the names it wrote, not with counts, so that is what is checked here: the pages the
     * workload's 50,000-URL pages make, numbered from 1, and the index {@code sitemap.xml} last.
     * The URLs themselves are counted by parsing the files back ({@link Verifier}); a URL the
     * writer skipped shows there, and in the WARNING line the writer logs.
     */
    private static int write(long urls, Target target) throws IOException {
        List<String> names = SitemapKit.write(
                name -> {
                    try {
                        return target.create(name);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                },
                Site.of(Workload.BASE),
                List.of(source(urls)));
        int pages = names.size() - 1;
        boolean expected = pages == Workload.pages(urls) && names.get(pages).equals("sitemap.xml");
        for (int n = 1; expected && n <= pages; n++) {
            expected = names.get(n - 1).equals("sitemap-" + SECTION + "-" + n + ".xml.gz");
        }
        if (!expected) {
            throw new IllegalStateException("SitemapKit.write wrote " + names + ", expected " + Workload.pages(urls)
                    + " pages of " + urls + " URLs and sitemap.xml");
        }
        return pages;
    }

    /**
     * A diagnostic render through the engine's internal classes, which take the page options the
     * public writer does not offer: the same steps as {@code SitemapKit.write} (render the pages,
     * then the index of them), with {@link #options(Mode)}.
     */
    private static int renderInternally(long urls, Target target, Mode mode) throws IOException {
        boolean gzip = mode != Mode.IDENTITY;
        Site site = Site.of(Workload.BASE);
        UrlSources sources = new UrlSources().register(source(urls));
        PageSink sink = new PageSink() {
            private OutputStream current;

            @Override
            public OutputStream openPage(String section, int number) throws IOException {
                current = target.create("sitemap-" + section + "-" + number + (gzip ? ".xml.gz" : ".xml"));
                return current;
            }

            @Override
            public void pageWritten(PageSummary page) throws IOException {
                current.close();
                current = null;
            }
        };
        RenderReport report = new Renderer(site, options(mode)).render(sources, sink);
        if (report.skippedCount() != 0 || report.urlCount() != urls) {
            throw new IllegalStateException("SitemapKit wrote " + report + ", expected " + urls + " URLs");
        }
        try (OutputStream out = target.create(Workload.INDEX_FILE)) {
            SitemapIndexWriter.write(out, site, report.pages(), gzip);
        }
        return report.pages().size();
    }

    /**
     * Puts SitemapKit's filter on {@code /*} of {@code context} with a source of {@code urls}
     * URLs, registered by a listener so it is in place before the filter starts. The site is
     * picked from the request's Host by the default allowed hosts (127.0.0.1 among them).
     */
    static void installFilter(ServletContextHandler context, long urls) {
        installFilter(context, kit -> kit.register(servedSource(urls)));
    }

    /**
     * Puts SitemapKit's filter on {@code /*} of {@code context}, with {@code setup} given the
     * context's {@code SitemapKit} in a listener, so it runs just before the filter starts.
     */
    static void installFilter(ServletContextHandler context, Consumer<SitemapKit> setup) {
        context.addEventListener(new ServletContextListener() {
            @Override
            public void contextInitialized(ServletContextEvent event) {
                setup.accept(SitemapKit.of(event.getServletContext()));
            }
        });
        context.addFilter(new FilterHolder(SitemapFilter.class), "/*", EnumSet.of(DispatcherType.REQUEST));
    }

    /** The path of the first products page as the filter serves it. */
    static String firstPagePath() {
        return "/sitemap-" + SECTION + "-1.xml";
    }

    static final Contender CONTENDER = new Kit(
            "kit",
            "SitemapKit",
            Mode.DEFAULTS,
            "`SitemapKit.write(open, Site.of(\"" + Workload.BASE + "\"), List.of(source))`, the public writer, "
                    + "with the harness's target as `open`: gzip pages `sitemap-products-<n>.xml.gz` with the engine's "
                    + "default page options (`" + PageOptions.defaults() + "`), then the index `sitemap.xml` listing "
                    + "them; each URL is "
                    + "`SitemapUrl.builder(loc).lastmod(instant).changefreq(freq).priority(p).build()` from a "
                    + "`LongStream` source (`UrlSource.of`). Every loc is percent-encoded, XML-escaped and scope-checked "
                    + "by the engine.");

    /** How the diagnostics run, for their descriptions. */
    private static final String INTERNAL = "The public writer takes no page options, so this calls the engine's "
            + "internal classes directly: `new Renderer(site, options).render(sources, sink)`, then "
            + "`SitemapIndexWriter.write(out, site, report.pages(), gzip)`, the steps `SitemapKit.write` takes.";

    /** The same render with gzip off: a diagnostic, to see how much of the time is deflate. */
    static final Contender IDENTITY = new Kit(
            "kit-identity",
            "SitemapKit, gzip off (diagnostic)",
            Mode.IDENTITY,
            "the same render with `" + options(Mode.IDENTITY) + "`: identity pages, so the difference to "
                    + "SitemapKit is what deflate costs the caller. " + INTERNAL);

    /** The same render deflating on the calling thread: what the background compression buys. */
    static final Contender INLINE = new Kit(
            "kit-inline",
            "SitemapKit, inline gzip (diagnostic)",
            Mode.INLINE_GZIP,
            "the same render with `" + options(Mode.INLINE_GZIP) + "`: every page deflated on the rendering "
                    + "thread, no background compression. " + INTERNAL);

    /** SitemapKit's engine in one of its modes. */
    private static final class Kit implements Contender {
        private final String id;
        private final String label;
        private final Mode mode;
        private final String description;

        Kit(String id, String label, Mode mode, String description) {
            this.id = id;
            this.label = label;
            this.mode = mode;
            this.description = description;
        }

        @Override
        public String id() {
            return id;
        }

        @Override
        public String label() {
            return label;
        }

        @Override
        public String description() {
            return description;
        }

        @Override
        public void run(long urls, Target target) throws IOException {
            render(urls, target, mode);
        }
    }
}
