package org.sitemapkit.internal.http;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.sitemapkit.internal.LogText;
import org.sitemapkit.internal.RateLimit;
import org.sitemapkit.internal.Threads;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.config.SettingsReader;
import org.sitemapkit.internal.html.HtmlDocument;
import org.sitemapkit.internal.html.HtmlView;
import org.sitemapkit.internal.service.SitemapService;
import org.sitemapkit.internal.service.UnavailableException;
import org.sitemapkit.internal.status.JmxSections;
import org.sitemapkit.internal.status.MeterHook;
import org.sitemapkit.internal.status.SectionStatus;
import org.sitemapkit.internal.status.StatusSource;
import org.sitemapkit.internal.store.CachedPage;
import org.sitemapkit.internal.store.SectionStore;
import org.sitemapkit.model.Site;

/**
 * SitemapKit's documents served over HTTP, whichever API carries the request: it decides for
 * each request whether it is SitemapKit's, for which site, and answers it with validators, 304,
 * HEAD, gzip and 503 with Retry-After. The servlet filter and the JAX-RS filter are thin adapters
 * around it, so both keep one contract.
 */
public final class Documents implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger("org.sitemapkit.SitemapFilter");

    private final KitState kit;
    private final SitemapService service;
    private final SiteResolver sites;
    private final RobotsFiles robots;
    private final HtmlView html;
    /** The IndexNow key and whether the HTML view is on, read once: every request asks. */
    private final String indexnowKeyName;

    private final Delivery.Text indexnowKey;
    private final boolean htmlOn;
    /** Who may see {@code /sitemap.html?status}. */
    private final StatusAccess statusAccess;
    /** The settings this engine runs with, from code or from where the adapter reads them. */
    private final Settings settings;

    private final boolean robotsOn;
    private final SectionStore ownStore;
    /** Every thread SitemapKit runs for this application; closed when the adapter stops. */
    private final Threads threads;

    private final RateLimit errorLog = new RateLimit(60_000);
    /** The sections as MBeans, unregistered when the adapter stops; null without JMX. */
    private final JmxSections jmx;
    /** The meters in Micrometer's global registry, removed when the adapter stops; null without Micrometer. */
    private final AutoCloseable meters;
    /** How a stored document is sent: validators, 304, HEAD and gzip, decided without I/O. */
    private final Delivery delivery;

    private Documents(KitState kit, Host host, Settings settings) {
        this.kit = kit;
        this.settings = settings;
        checkAdditionalSitemaps(settings, host.contextPath());
        robots = RobotsFiles.load(host, settings);
        robotsOn = settings.robots().mode() == Settings.RobotsTxtMode.ADD_SITEMAP;
        SectionStore given = kit.store().orElse(null);
        SectionStore store = given != null ? given : Stores.of(settings, host);
        ownStore = given == null ? store : null; // a store made in code is its maker's to close
        threads = Threads.of(kit.executor().orElse(null));
        store.threads(threads);
        service = new SitemapService(settings, kit.sources(), store, threads);
        if (settings.robots().check()) {
            service.robotsRules(robots::rulesFor);
            robots.onRulesChange(this::robotsChanged);
        }
        sites = new SiteResolver(settings);
        html = new HtmlView(service);
        indexnowKeyName = settings.indexnow().key().orElse(null);
        indexnowKey =
                indexnowKeyName == null ? null : new Delivery.Text(indexnowKeyName.getBytes(StandardCharsets.UTF_8));
        htmlOn = settings.html();
        statusAccess = new StatusAccess(settings.statusView());
        delivery = new Delivery(settings.timing().cacheTtl());
        jmx = JmxSections.register(service.status(), contextPath(host));
        meters = micrometer(host.classLoader()) ? MeterHook.global(service.status()) : null;
        kit.start(service);
        if (settings.timing().renderAtStart() && settings.baseUrl().isPresent()) {
            service.renderStale(settings.baseUrl().get()); // in the background: the first crawler need not wait
        }
        String contextPath = host.contextPath();
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
                "sitemapkit: {4} serves {0}/sitemap.xml from the {1}; sections registered so far: {2} "
                        + "(those of a JAX-RS application that has not started join when it starts); {3}",
                contextPath,
                store,
                kit.sources().bySection().keySet(),
                settings.toString(given != null),
                host.adapter());
    }

    /**
     * Whether the application has Micrometer, where SitemapKit can reach it, and no Spring Boot
     * starter, which binds the meters to Boot's own registry instead.
     */
    private static boolean micrometer(ClassLoader loader) {
        if (loader != null && loader.getResource("org/sitemapkit/spring/SitemapKitAutoConfiguration.class") != null) {
            return false;
        }
        try {
            Class.forName("io.micrometer.core.instrument.Metrics", false, Documents.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** The application's name among others of its server, for JMX: its root path, {@code /} at the root. */
    private static String contextPath(Host host) {
        String path = host.contextPath();
        return path.isEmpty() ? "/" : path;
    }

    /**
     * Starts serving: settings made in code on {@code kit} win over the host's; the page store is
     * the one made in code, else the one the settings name.
     *
     * @param kit what the application's handle holds, which the adapter has from the handle
     * @throws IllegalArgumentException for a bad setting, naming the key
     */
    public static Documents start(KitState kit, Host host) {
        Settings settings = kit.settings().orElseGet(host::settings);
        return new Documents(kit, host, settings);
    }

    /** The settings this engine runs with. */
    public Settings settings() {
        return settings;
    }

    /** The running engine's status, for the adapters' views (Actuator, health, meters). */
    public StatusSource status() {
        return service.status();
    }

    /** The application's robots.txt, amended; the adapter hands it what the application answered. */
    public RobotsFiles robots() {
        return robots;
    }

    /**
     * The application's robots.txt, served anew, disallows other URLs than the sections rendered
     * here followed (before its first request, only the static file and the rules file were
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

    /** Stops serving: renders first, then IndexNow, then the store this adapter made. */
    @Override
    public void close() {
        if (jmx != null) {
            jmx.close();
        }
        if (meters != null) {
            try {
                meters.close();
            } catch (Exception e) {
                LOG.log(Level.DEBUG, "sitemapkit: removing the meters failed", e);
            }
        }
        kit.stop(service);
        // Acknowledged changes are rendered, or handed over, before the threads go.
        service.stop(SitemapService.STOP_WAIT);
        // Renders stop first, as they did when the service owned its threads: a render that
        // finished after IndexNow closed would store its pages and drop the URLs it changed.
        threads.close();
        service.close();
        if (ownStore != null) {
            ownStore.close();
        }
    }

    /**
     * What to do with one request: pass it on, fetch the application's robots.txt
     * ({@link #robots(Exchange, byte[])} then), or send the answer.
     */
    public Answer answer(Exchange request) {
        DocumentPath doc = DocumentPath.parse(request.path(), indexnowKeyName, this::serves);
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
            return Answer.robots(site);
        }
        if (doc.kind == DocumentPath.Kind.INDEXNOW_KEY) {
            return delivery.text(request, indexnowKey);
        }
        try {
            if (doc.kind == DocumentPath.Kind.HTML && "status".equals(request.query())) {
                return status(request, site);
            }
            if (doc.kind == DocumentPath.Kind.HTML) {
                HtmlView.Answer answer = html.answer(request.query(), site);
                HtmlDocument d = answer.document();
                if (d == null) {
                    return Delivery.plain(Answer.status(answer.status()), answer.text());
                }
                return delivery.document(
                        request,
                        Answer.status(200).header("Content-Security-Policy", Delivery.csp()),
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
                    Answer.status(200),
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

    /** The answer for robots.txt once the adapter has the file to serve, with its validator. */
    public Answer robots(Exchange request, byte[] file) {
        return delivery.text(request, new Delivery.Text(file));
    }

    /** The index documents robots.txt lists: {@code /sitemap.xml}, and more past 50,000 pages. */
    public List<String> sitemapUrls(Site site) {
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
        return kit.sources().bySection().containsKey(section);
    }
}
