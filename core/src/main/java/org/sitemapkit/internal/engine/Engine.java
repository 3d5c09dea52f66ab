package org.sitemapkit.internal.engine;

import java.lang.System.Logger.Level;
import java.net.URI;
import java.util.List;
import org.sitemapkit.internal.Threads;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.feed.ChangeFeeds;
import org.sitemapkit.internal.robots.RobotsFiles;
import org.sitemapkit.internal.service.SitemapService;
import org.sitemapkit.internal.status.JmxSections;
import org.sitemapkit.internal.status.MeterHook;
import org.sitemapkit.internal.status.StatusSource;
import org.sitemapkit.internal.store.SectionStore;
import org.sitemapkit.model.Site;

/**
 * One application's running SitemapKit, whichever adapter serves it: its settings, threads, page
 * store, service, the application's robots.txt, JMX and meters, started together and stopped
 * together. The adapter makes one when it starts and closes it when it stops; the router
 * ({@code internal.http.Documents}) only reads it.
 */
public final class Engine implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger("org.sitemapkit.SitemapFilter");

    private final KitState kit;
    private final Settings settings;
    private final RobotsFiles robots;
    /** The store the settings named, which this engine made and closes; null for one made in code. */
    private final SectionStore ownStore;
    /** Every thread SitemapKit runs for this application. */
    private final Threads threads;

    private final SitemapService service;
    /** The sections as MBeans, unregistered at the stop; null without JMX. */
    private final JmxSections jmx;
    /** The meters in Micrometer's global registry, removed at the stop; null without Micrometer. */
    private final AutoCloseable meters;
    /** The committed entity changes this application's sections follow, closed at the stop. */
    private final ChangeFeeds.Feed feed;

    private Engine(KitState kit, Host host, Settings settings) {
        this.kit = kit;
        this.settings = settings;
        robots = RobotsFiles.load(host, settings.robots().file().orElse(null));
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
        jmx = JmxSections.register(service.status(), application(host));
        meters = micrometer(host.classLoader()) ? MeterHook.global(service.status()) : null;
        kit.start(service);
        feed = ChangeFeeds.open(kit.feeds(), service, this::serves, host.classLoader());
        if (settings.timing().renderAtStart() && settings.baseUrl().isPresent()) {
            service.renderStale(settings.baseUrl().get()); // in the background: the first crawler need not wait
        }
        logStart(host, store, given != null);
        if (service.verifier().on() && settings.verify().origin().isEmpty() && !host.learnsOrigin()) {
            LOG.log(
                    Level.WARNING,
                    "sitemapkit: listed pages are not checked (verify={0}): {1} cannot tell this application''s own"
                            + " address; set sitemapkit.verify-origin to a plain-HTTP address of it, or verify=off",
                    settings.verify().mode().name().toLowerCase(java.util.Locale.ROOT),
                    host.adapter());
        }
    }

    /**
     * A request arrived on this connector: page checks go to the first such address unless {@code
     * verify-origin} names one. Cheap once the address is known (one volatile read).
     *
     * @param address the connector's local address
     * @param port its local port
     * @param tls whether the connection spoke TLS
     */
    public void arrivedOn(String address, int port, boolean tls) {
        service.verifier().arrivedOn(address, port, tls);
    }

    /** Whether page checks know where to go, or are off: no request need say more. */
    public boolean knowsOrigin() {
        return !service.verifier().on() || service.verifier().knowsOrigin();
    }

    /**
     * The settings an engine for {@code kit} runs with: those made in code win over the host's.
     *
     * @throws IllegalArgumentException for a bad setting, naming the key
     */
    public static Settings settings(KitState kit, Host host) {
        Settings settings = kit.settings().orElseGet(host::settings);
        return host.pagesUnderContextPath() ? underContextPath(settings, host.contextPath()) : settings;
    }

    /**
     * The settings with {@code base-url}'s path taken from the context path when it names only an
     * origin ({@code https://shop.example.com} or with {@code /}), as a user writing the origin for an
     * application deployed at {@code /shop} means: else every URL and the robots.txt line would point
     * outside the application. A base-url with another path than the context path would list 404s,
     * so it fails start-up, unless {@code base-url-as-written} says a proxy serves the application
     * there.
     *
     * @throws IllegalArgumentException for a base-url at another path than the context path, naming both
     */
    static Settings underContextPath(Settings settings, String contextPath) {
        Site base = settings.baseUrl().orElse(null);
        if (base == null || contextPath == null || contextPath.isEmpty()) {
            return settings;
        }
        URI uri = URI.create(base.base());
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        if (path.equals(contextPath + "/")) {
            return settings;
        }
        if (settings.baseUrlAsWritten()) {
            LOG.log(
                    Level.INFO,
                    "sitemapkit: base-url {0} is taken as written (base-url-as-written), though the application"
                            + " runs at {1}: the sitemap''s URLs follow base-url, as behind a proxy that serves the"
                            + " application at {2}",
                    base.base(),
                    contextPath,
                    path);
            return settings;
        }
        if (!path.equals("/")) {
            throw new IllegalArgumentException(
                    "base-url " + base.base() + " does not match the application's context path "
                            + contextPath
                            + ": the index would list pages this application does not serve. Write base-url as the"
                            + " origin alone (the context path is added) or with the path " + contextPath + "/, or set"
                            + " base-url-as-written=true when a proxy serves this application at " + path);
        }
        String derived = uri.getScheme() + "://" + uri.getRawAuthority() + contextPath + "/";
        LOG.log(
                Level.INFO,
                "sitemapkit: base-url {0} names no path, and the application runs at {1}: the sitemap''s URLs are"
                        + " under {2}",
                base.base(),
                contextPath,
                derived);
        return settings.toBuilder().baseUrl(derived).build();
    }

    /**
     * Starts an application's engine; the page store is the one made in code, else the one the
     * settings name.
     *
     * @param kit what the application's handle holds, which the adapter has from the handle
     * @param settings as {@link #settings(KitState, Host)} gave them
     * @throws IllegalArgumentException for a bad setting, naming the key
     */
    public static Engine start(KitState kit, Host host, Settings settings) {
        return new Engine(kit, host, settings);
    }

    public Settings settings() {
        return settings;
    }

    /** Serves and invalidates the sections. */
    public SitemapService service() {
        return service;
    }

    /** The sources' sections, which a request's path may name. */
    public boolean serves(String section) {
        return kit.sources().bySection().containsKey(section);
    }

    /** The application's robots.txt, amended; the adapter hands it what the application answered. */
    public RobotsFiles robots() {
        return robots;
    }

    /** What the sections did on this node, for the adapters' views (Actuator, health, meters). */
    public StatusSource status() {
        return service.status();
    }

    /**
     * Stops: acknowledged changes are rendered or handed over first, then the threads, IndexNow and
     * the store this engine made.
     */
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
        feed.close();
        kit.stop(service);
        service.stop(); // waits up to stop-wait for the renders of acknowledged changes
        // Renders stop before IndexNow: a render that finished after IndexNow closed would store
        // its pages and drop the URLs it changed.
        threads.close();
        service.close();
        if (ownStore != null) {
            ownStore.close();
        }
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
     * Whether the application has Micrometer, where SitemapKit can reach it, and no Spring Boot
     * starter, which binds the meters to Boot's own registry instead.
     */
    private static boolean micrometer(ClassLoader loader) {
        if (loader != null && loader.getResource("org/sitemapkit/spring/SitemapKitAutoConfiguration.class") != null) {
            return false;
        }
        try {
            Class.forName("io.micrometer.core.instrument.Metrics", false, Engine.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** The application's name among others of its server, for JMX: its root path, {@code /} at the root. */
    private static String application(Host host) {
        String path = host.contextPath();
        return path.isEmpty() ? "/" : path;
    }

    /** The start-up lines: where it serves, from which store, and what the settings leave open. */
    private void logStart(Host host, SectionStore store, boolean storeInCode) {
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
                settings.toString(storeInCode),
                host.adapter());
    }
}
