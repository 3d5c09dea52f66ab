package org.sitemapkit.internal.http;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.sitemapkit.internal.LogText;
import org.sitemapkit.internal.RateLimit;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.config.SettingsReader;
import org.sitemapkit.internal.engine.Engine;
import org.sitemapkit.internal.engine.Host;
import org.sitemapkit.internal.engine.KitState;
import org.sitemapkit.internal.html.HtmlDocument;
import org.sitemapkit.internal.html.HtmlView;
import org.sitemapkit.internal.service.SitemapService;
import org.sitemapkit.internal.service.UnavailableException;
import org.sitemapkit.internal.status.SectionStatus;
import org.sitemapkit.internal.store.CachedPage;
import org.sitemapkit.model.Site;

/**
 * SitemapKit's documents served over HTTP, whichever API carries the request: it decides for
 * each request whether it is SitemapKit's, for which site, and answers it with validators, 304,
 * HEAD, gzip and 503 with Retry-After. The servlet filter and the JAX-RS filter are thin adapters
 * around it, so both keep one contract.
 */
public final class Documents {
    private static final System.Logger LOG = System.getLogger("org.sitemapkit.SitemapFilter");

    private final Engine engine;
    private final SitemapService service;
    private final SiteResolver sites;
    private final HtmlView html;
    /** The IndexNow key and whether the HTML view is on, read once: every request asks. */
    private final String indexnowKeyName;

    private final Delivery.Text indexnowKey;
    private final boolean htmlOn;
    private final boolean robotsOn;
    /** Who may see {@code /sitemap.html?status}. */
    private final StatusAccess statusAccess;
    /** How a stored document is sent: validators, 304, HEAD and gzip, decided without I/O. */
    private final Delivery delivery;

    private final RateLimit errorLog = new RateLimit(60_000);

    /** {@link #serves}, made once rather than on every request. */
    private final Predicate<String> served = this::serves;

    /** The first header of the HTML view's answers: one array, so that their headers are made once. */
    private static final String[] CSP_HEADER = {"Content-Security-Policy", Delivery.csp()};

    /**
     * The router of a running engine; the adapter that started the engine closes it.
     *
     * @param engine the application's engine
     */
    public Documents(Engine engine) {
        this.engine = engine;
        Settings settings = engine.settings();
        this.service = engine.service();
        robotsOn = settings.robots().mode() == Settings.RobotsTxtMode.ADD_SITEMAP;
        sites = new SiteResolver(settings);
        html = new HtmlView(service);
        indexnowKeyName = settings.indexnow().key().orElse(null);
        indexnowKey =
                indexnowKeyName == null ? null : new Delivery.Text(indexnowKeyName.getBytes(StandardCharsets.UTF_8));
        htmlOn = settings.html();
        statusAccess = new StatusAccess(settings.statusView());
        delivery = new Delivery(settings.timing().cacheTtl());
    }

    /**
     * Starts an application's engine and its router, checking first what only the router knows: an
     * additional sitemap may not be one of SitemapKit's own documents.
     *
     * @param kit what the application's handle holds, which the adapter has from the handle
     * @throws IllegalArgumentException for a bad setting, naming the key
     */
    public static Documents start(KitState kit, Host host) {
        Settings settings = Engine.settings(kit, host);
        checkAdditionalSitemaps(settings, host.contextPath());
        return new Documents(Engine.start(kit, host, settings));
    }

    /** The engine this router reads, which the adapter closes when it stops. */
    public Engine engine() {
        return engine;
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

    /**
     * What to do with one request: pass it on, fetch the application's robots.txt
     * ({@link #robots(Exchange, byte[])} then), or send the answer.
     */
    public Answer answer(Exchange request) {
        DocumentPath doc = DocumentPath.parse(request.path(), indexnowKeyName, served);
        if (doc == null || !ours(doc)) {
            return Answer.PASS;
        }
        Site site = sites.resolve(request);
        if (site == null || SiteResolver.unmade(site)) {
            if (site == null) {
                sites.warnUnserved(request);
            }
            return Answer.PASS;
        }
        String method = request.method();
        if (!method.equals("GET") && !method.equals("HEAD")) {
            if (doc.kind == DocumentPath.Kind.ROBOTS) {
                return Answer.PASS; // the application's to answer, as it would without us
            }
            return Delivery.plain(Answer.status(405).header("Allow", "GET, HEAD"), "Method not allowed\n");
        }
        if (doc.kind == DocumentPath.Kind.INDEX && service.knownIndexCount(site) < doc.number) {
            return Answer.PASS; // not one of ours (yet): the application may have such a file
        }
        if (doc.kind == DocumentPath.Kind.ROBOTS) {
            return Answer.robots(site, sitemapUrls(site));
        }
        if (doc.kind == DocumentPath.Kind.INDEXNOW_KEY) {
            return delivery.text(request, indexnowKey);
        }
        try {
            if (doc.kind == DocumentPath.Kind.HTML && "status".equals(request.query())) {
                return status(request, site);
            }
            if (doc.kind == DocumentPath.Kind.HTML
                    && request.query() != null
                    && (request.query().startsWith("explain=")
                            || request.query().contains("&explain="))) {
                return explain(request, site);
            }
            if (doc.kind == DocumentPath.Kind.HTML) {
                HtmlView.Answer answer = html.answer(request.query(), site);
                HtmlDocument d = answer.document();
                if (d == null) {
                    return Delivery.plain(Answer.status(answer.status()), answer.text());
                }
                return delivery.document(
                        request,
                        CSP_HEADER,
                        d.gzip(),
                        d.identityLength(),
                        d.etag(),
                        -1,
                        "text/html; charset=UTF-8",
                        false);
            }
            Optional<CachedPage> page = doc.kind == DocumentPath.Kind.ROOT
                    ? service.root(site)
                    : doc.kind == DocumentPath.Kind.INDEX
                            ? service.index(site, doc.number)
                            : service.page(site, doc.section, doc.number);
            if (page.isEmpty()) {
                return Delivery.plain(Answer.status(404), "Not found\n");
            }
            CachedPage p = page.get();
            return delivery.document(
                    request,
                    null,
                    p.gzip(),
                    p.identityLength(),
                    p.etag(),
                    p.lastModifiedMillis(),
                    doc.gzipFile ? "application/gzip" : "application/xml; charset=UTF-8",
                    doc.gzipFile);
        } catch (UnavailableException e) {
            // the render that failed logged why, once; a request answered from that state adds nothing
            LOG.log(Level.DEBUG, e.getMessage());
            return Delivery.plain(
                    Answer.status(503).header("Retry-After", Integer.toString(e.retryAfterSeconds())),
                    "Sitemap temporarily unavailable\n");
        } catch (RuntimeException | IOException e) {
            if (errorLog.tryLog()) {
                LOG.log(
                        Level.ERROR,
                        "sitemapkit: cannot answer " + LogText.quote(request.uri()) + " (further such errors are"
                                + " logged at most once a minute)",
                        e);
            }
            return Delivery.plain(Answer.status(503).header("Retry-After", "60"), "Sitemap temporarily unavailable\n");
        }
    }

    /**
     * {@code /sitemap.html?status}: each section's state, age, skips, audit and last failure, to
     * whom {@code status-view} lets see it; a 404 to anyone else, as if there were no such page.
     * Never stored by a cache.
     */
    private Answer status(Exchange request, Site site) throws IOException {
        if (!statusAccess.allows(request)) {
            return Delivery.plain(Answer.status(404), "Not found\n");
        }
        List<SectionStatus> mine = new ArrayList<>();
        for (SectionStatus s : service.status().sections()) {
            if (s.site().equals(site.base())) {
                mine.add(s);
            }
        }
        HtmlDocument d = html.status(site, mine, System.currentTimeMillis());
        return Delivery.unstored(request, d.gzip(), d.identityLength(), "text/html; charset=UTF-8");
    }

    /**
     * {@code /sitemap.html?explain=<url>}: why a URL is, or is not, listed, to whom {@code
     * status-view} lets see the status (it names sources and quotes checks); a 404 to anyone else.
     * Never stored by a cache.
     */
    private Answer explain(Exchange request, Site site) throws IOException {
        if (!statusAccess.allows(request)) {
            return Delivery.plain(Answer.status(404), "Not found\n");
        }
        String url = HtmlView.explainParameter(request.query());
        if (url == null) {
            return Delivery.plain(Answer.status(400), "Bad request: malformed query\n");
        }
        HtmlDocument d = html.explanation(site, service.explain(site, url));
        return Delivery.unstored(request, d.gzip(), d.identityLength(), "text/html; charset=UTF-8");
    }

    /** The answer for robots.txt once the adapter has the file to serve, with its validator. */
    public Answer robots(Exchange request, byte[] file) {
        return delivery.text(request, new Delivery.Text(file));
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
                return serves(doc.section);
            default:
                return true;
        }
    }

    /** Whether a section of this name is registered. */
    private boolean serves(String section) {
        return engine.serves(section);
    }
}
