package org.sitemapkit;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.FilterConfig;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import org.sitemapkit.internal.LogText;
import org.sitemapkit.internal.RateLimit;
import org.sitemapkit.internal.Threads;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.config.SettingsReader;
import org.sitemapkit.internal.html.HtmlDocument;
import org.sitemapkit.internal.html.HtmlView;
import org.sitemapkit.internal.service.SitemapService;
import org.sitemapkit.internal.service.UnavailableException;
import org.sitemapkit.internal.servlet.ServletSettings;
import org.sitemapkit.internal.servlet.ServletStatus;
import org.sitemapkit.internal.store.CachedPage;
import org.sitemapkit.model.Site;

/**
 * Answers SitemapKit's own paths — {@code /sitemap.xml}, {@code /sitemap-{section}-{n}.xml}
 * (and {@code .xml.gz}), {@code /robots.txt}, {@code /sitemap.html} and the IndexNow key file —
 * and passes every other request down the chain untouched. Registered by
 * {@code SitemapInitializer} when the jar is in {@code WEB-INF/lib}, or mapped in
 * {@code web.xml} to {@code /*} by hand.
 */
public final class SitemapFilter implements Filter {
    private static final System.Logger LOG = System.getLogger(SitemapFilter.class.getName());

    private SitemapKit kit;
    private SitemapService service;
    private SiteResolver sites;
    private AppRobots appRobots;
    private HtmlView html;
    /** The IndexNow key and whether the HTML view is on, read once: every request asks. */
    private String indexnowKeyName;

    private boolean htmlOn;
    private boolean robotsOn;
    private PageStore ownStore;
    /** Every thread SitemapKit runs for this application; closed when the filter stops. */
    private Threads threads;

    private final RateLimit errorLog = new RateLimit(60_000);
    /** Shared caches may keep a document as long as SitemapKit's own cache calls it fresh. */
    private String cacheControl;

    private TextDocument indexnowKey;

    private ServletContext servletContext;

    /** For the container, which makes the filter from {@code web.xml} or {@code SitemapInitializer}. */
    public SitemapFilter() {}

    @Override
    public void init(FilterConfig config) throws ServletException {
        ServletContext context = config.getServletContext();
        kit = SitemapKit.of(context);
        Settings settings = kit.settings().map(SitemapSettings::values).orElseGet(() -> readSettings(config));
        checkAdditionalSitemaps(settings, context.getContextPath());
        appRobots = AppRobots.load(context, settings);
        robotsOn = settings.robots().mode() == Settings.RobotsTxtMode.ADD_SITEMAP;
        PageStore given = kit.store().orElse(null);
        PageStore store = given != null ? given : Stores.of(settings, context);
        ownStore = given == null ? store : null; // a store made in code is its maker's to close
        threads = Threads.of(kit.executor().orElse(null));
        store.sections().threads(threads);
        service = new SitemapService(settings, kit.sources(), store.sections(), threads);
        if (settings.robots().check()) {
            service.robotsRules(appRobots::rulesFor);
            appRobots.onRulesChange(this::robotsChanged);
        }
        sites = new SiteResolver(settings);
        html = new HtmlView(service);
        indexnowKeyName = settings.indexnow().key().orElse(null);
        indexnowKey =
                indexnowKeyName == null ? null : new TextDocument(indexnowKeyName.getBytes(StandardCharsets.UTF_8));
        htmlOn = settings.html();
        cacheControl = "public, max-age=" + settings.timing().cacheTtl().toSeconds();
        kit.start(service);
        servletContext = context;
        ServletStatus.started(context, service);
        if (settings.timing().renderAtStart() && settings.baseUrl().isPresent()) {
            service.renderStale(settings.baseUrl().get()); // in the background: the first crawler need not wait
        }
        String contextPath = context.getContextPath();
        if (!contextPath.isEmpty()) {
            LOG.log(
                    Level.WARNING,
                    "sitemapkit: this application runs at {0}; crawlers read robots.txt "
                            + "only at the host root, so {0}/robots.txt is served but will not be read. List "
                            + "{0}/sitemap.xml in the host''s /robots.txt or submit it to search engines.",
                    contextPath);
        }
        if (settings.baseUrl().isEmpty() && settings.allowedHosts().size() > settings.maxSites()) {
            LOG.log(
                    Level.WARNING,
                    "sitemapkit: allowed-hosts lists {0} hosts but max-sites is {1}: when more than {1}"
                            + " are in use within cache-ttl, the others answer 503. Raise sitemapkit.max-sites to {0}",
                    settings.allowedHosts().size(),
                    settings.maxSites());
        }
        if (settings.baseUrl().isEmpty()) {
            LOG.log(
                    Level.INFO,
                    "sitemapkit: no base-url set, answering only for allowed-hosts {0}; "
                            + "set sitemapkit.base-url in production",
                    settings.allowedHosts());
        }
        LOG.log(
                Level.INFO,
                "sitemapkit: serving {0}/sitemap.xml from the {1}; sections registered so far: {2} "
                        + "(those of a JAX-RS application that has not started join when it starts); {3}",
                contextPath,
                store,
                kit.sources().bySection().keySet(),
                settings);
    }

    /**
     * The application's robots.txt, served anew, disallows other URLs than the sections rendered
     * here followed (before its first request, only the WAR's static file and the rules file were
     * known): they re-render, or the sitemap would keep listing what robots.txt now forbids.
     */
    private void robotsChanged(Site site) {
        List<String> sections = service.invalidateMaterialized(site);
        if (!sections.isEmpty()) {
            LOG.log(
                    Level.INFO,
                    "sitemapkit: the application''s robots.txt for {0} changed the rules every crawler follows;"
                            + " re-rendering the sitemap''s sections {1} with them, the old pages served until then",
                    site.base(),
                    sections);
        }
    }

    /**
     * Refuses an additional sitemap that is one of SitemapKit's own documents: the index would
     * list itself. Other paths are the application's, and their requests go down the chain.
     */
    static void checkAdditionalSitemaps(Settings settings, String contextPath) {
        for (String loc : settings.additionalSitemaps()) {
            int slash = loc.startsWith("/") ? 0 : loc.indexOf('/', loc.indexOf("://") + 3);
            String path = slash < 0 ? "/" : loc.substring(slash);
            DocumentPath doc = path.startsWith(contextPath + "/")
                    ? DocumentPath.parse(path.substring(contextPath.length()), null)
                    : null;
            if (doc != null && doc.kind != DocumentPath.Kind.PAGE) {
                throw new IllegalArgumentException("bad SitemapKit setting " + SettingsReader.PREFIX
                        + "additional-sitemaps: \"" + loc + "\" is SitemapKit's own " + path
                        + "; list only sitemaps the application serves");
            }
        }
    }

    /** Filter init-params, context-params, system properties, then sitemapkit.properties. */
    static Settings readSettings(FilterConfig config) {
        return ServletSettings.reader(config.getServletContext(), config).read();
    }

    @Override
    public void destroy() {
        if (service != null) {
            kit.stop(service);
            ServletStatus.stopped(servletContext, service);
            // Renders stop first, as they did when the service owned its threads: a render that
            // finished after IndexNow closed would store its pages and drop the URLs it changed.
            threads.close();
            service.close();
            if (ownStore != null) {
                ownStore.close();
            }
        }
    }

    @Override
    public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
            throws IOException, ServletException {
        if (!(req instanceof HttpServletRequest) || !(res instanceof HttpServletResponse)) {
            chain.doFilter(req, res);
            return;
        }
        HttpServletRequest request = (HttpServletRequest) req;
        HttpServletResponse response = (HttpServletResponse) res;
        String uri = request.getRequestURI();
        String contextPath = request.getContextPath();
        String path = uri.startsWith(contextPath) ? uri.substring(contextPath.length()) : uri;
        DocumentPath doc = DocumentPath.parse(path, indexnowKeyName);
        if (doc == null || !ours(doc)) {
            chain.doFilter(req, res);
            return;
        }
        Site site = sites.resolve(request);
        if (site == null || SiteResolver.unmade(site)) {
            if (site == null) {
                sites.warnUnserved(request);
            }
            chain.doFilter(req, res);
            return;
        }
        String method = request.getMethod();
        if (!method.equals("GET") && !method.equals("HEAD")) {
            if (doc.kind == DocumentPath.Kind.ROBOTS) {
                chain.doFilter(req, res); // the application's to answer, as it would without us
                return;
            }
            response.setHeader("Allow", "GET, HEAD");
            plain(response, 405, "Method not allowed\n");
            return;
        }
        if (doc.kind == DocumentPath.Kind.INDEX && service.knownIndexCount(site) < doc.number) {
            chain.doFilter(req, res); // not one of ours (yet): the application may have such a file
            return;
        }
        if (doc.kind == DocumentPath.Kind.ROBOTS) {
            byte[] robots = appRobots.answer(request, response, chain, site, sitemapUrls(site));
            if (robots != null) {
                text(request, response, new TextDocument(robots));
            }
            return;
        }
        if (doc.kind == DocumentPath.Kind.INDEXNOW_KEY) {
            text(request, response, indexnowKey);
            return;
        }
        try {
            if (doc.kind == DocumentPath.Kind.HTML) {
                HtmlView.Answer answer = html.answer(request.getQueryString(), site);
                HtmlDocument d = answer.document();
                if (d == null) {
                    plain(response, answer.status(), answer.text());
                } else {
                    response.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
                    send(
                            request,
                            response,
                            d.gzip(),
                            d.identityLength(),
                            d.etag(),
                            -1,
                            "text/html; charset=UTF-8",
                            false);
                }
                return;
            }
            Optional<CachedPage> page = doc.kind == DocumentPath.Kind.ROOT
                    ? service.root(site)
                    : doc.kind == DocumentPath.Kind.INDEX
                            ? service.index(site, doc.number)
                            : service.page(site, doc.section, doc.number);
            if (page.isEmpty()) {
                plain(response, 404, "Not found\n");
            } else {
                CachedPage p = page.get();
                send(
                        request,
                        response,
                        p.gzip(),
                        p.identityLength(),
                        p.etag(),
                        p.lastModifiedMillis(),
                        doc.gzipFile ? "application/gzip" : "application/xml; charset=UTF-8",
                        doc.gzipFile);
            }
        } catch (UnavailableException e) {
            // the render that failed logged why, once; a request answered from that state adds nothing
            LOG.log(Level.DEBUG, e.getMessage());
            response.setHeader("Retry-After", Integer.toString(e.retryAfterSeconds()));
            plain(response, 503, "Sitemap temporarily unavailable\n");
        } catch (RuntimeException e) {
            if (errorLog.tryLog()) {
                LOG.log(
                        Level.ERROR,
                        "sitemapkit: cannot answer " + LogText.quote(uri) + " (further such errors are"
                                + " logged at most once a minute)",
                        e);
            }
            response.setHeader("Retry-After", "60");
            plain(response, 503, "Sitemap temporarily unavailable\n");
        }
    }

    /**
     * Sends a cached document: gzip as stored when the client takes it (or as a {@code .gz} file),
     * else inflated on the fly; strong validators, 304, HEAD with the real length, and caching
     * for as long as the cache keeps the document fresh.
     */
    private void send(
            HttpServletRequest request,
            HttpServletResponse response,
            byte[] gzipped,
            int identityLength,
            String tag,
            long lastModifiedMillis,
            String contentType,
            boolean gzipFile)
            throws IOException {
        boolean gzip = gzipFile || HttpCaching.acceptsGzip(request.getHeader("Accept-Encoding"));
        String etag = "\"" + tag + (gzip ? "-gz\"" : "\"");
        response.setHeader("ETag", etag);
        if (!gzipFile) {
            response.setHeader("Vary", "Accept-Encoding");
        }
        response.setHeader("X-Robots-Tag", "noindex");
        response.setHeader("Cache-Control", cacheControl);
        if (lastModifiedMillis >= 0) {
            response.setDateHeader("Last-Modified", lastModifiedMillis);
        }
        int length = gzip ? gzipped.length : identityLength;
        if (HttpCaching.notModified(request, etag, lastModifiedMillis)) {
            notModified(response, length);
            return;
        }
        response.setStatus(200);
        response.setContentType(contentType);
        if (gzip && !gzipFile) {
            response.setHeader("Content-Encoding", "gzip");
        }
        response.setContentLength(length);
        if (request.getMethod().equals("HEAD")) {
            return;
        }
        OutputStream out = response.getOutputStream();
        if (gzip) {
            out.write(gzipped);
        } else {
            try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(gzipped), 1 << 16)) {
                in.transferTo(out);
            }
        }
    }

    /** The index documents robots.txt lists: {@code /sitemap.xml}, and more past 50,000 pages. */
    private List<String> sitemapUrls(Site site) {
        List<String> urls = new ArrayList<>();
        urls.add(site.url("sitemap.xml"));
        for (int n = 2; n <= service.knownIndexCount(site); n++) {
            urls.add(site.url("sitemap-" + n + ".xml"));
        }
        return urls;
    }

    /**
     * Whether a parsed path is SitemapKit's: robots.txt unless the application keeps it, the HTML
     * view when on, and only the page names of registered sections.
     */
    private boolean ours(DocumentPath doc) {
        switch (doc.kind) {
            case ROBOTS:
                return robotsOn;
            case HTML:
                return htmlOn;
            case PAGE:
                return kit.sources().bySection().containsKey(doc.section);
            default:
                return true;
        }
    }

    /** A small text answer and its strong validator, computed once. */
    private static final class TextDocument {
        final byte[] body;
        final String etag;

        TextDocument(byte[] body) {
            this.body = body;
            this.etag = "\"" + CachedPage.etagOf(body) + "\"";
        }
    }

    private void text(HttpServletRequest request, HttpServletResponse response, TextDocument doc) throws IOException {
        response.setHeader("ETag", doc.etag);
        response.setHeader("Cache-Control", cacheControl);
        if (HttpCaching.notModified(request, doc.etag, -1)) {
            notModified(response, doc.body.length);
            return;
        }
        response.setStatus(200);
        response.setContentType("text/plain; charset=UTF-8");
        response.setContentLength(doc.body.length);
        if (!request.getMethod().equals("HEAD")) {
            response.getOutputStream().write(doc.body);
        }
    }

    /**
     * A 304 with the length the 200 would have had: some containers otherwise add
     * {@code Content-Length: 0}, which RFC 9110 §8.6 forbids unless 0 is that length.
     */
    private static void notModified(HttpServletResponse response, int length) {
        response.setStatus(304);
        response.setContentLength(length);
    }

    private static void plain(HttpServletResponse response, int status, String message) throws IOException {
        response.setStatus(status);
        response.setHeader("Cache-Control", "no-store");
        response.setContentType("text/plain; charset=UTF-8");
        byte[] body = message.getBytes(StandardCharsets.UTF_8);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
