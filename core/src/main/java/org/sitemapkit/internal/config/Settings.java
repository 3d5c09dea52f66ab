package org.sitemapkit.internal.config;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.sitemapkit.internal.render.PageOptions;
import org.sitemapkit.internal.robots.RobotsRule;
import org.sitemapkit.internal.status.Health;
import org.sitemapkit.model.Site;

/**
 * Everything SitemapKit can be told, as one immutable value. Each builder method checks its
 * value and names the key when it refuses one, so a bad setting fails start-up, not a request.
 * The filter fills it from its init-params, context-params, system properties and
 * {@code sitemapkit.properties}.
 */
public final class Settings {
    /** Whether {@code /sitemap.xml} is an index only when needed, or always. */
    public enum IndexMode {
        /** An index only when there is more than one page or an additional sitemap; otherwise {@code /sitemap.xml} is the one page. */
        AUTO,
        /** Always an index, even over a single page, so that its URL never changes kind. */
        ALWAYS
    }

    /**
     * Whether {@code /robots.txt} is the application's own answer (or a generated one) with a
     * {@code Sitemap} line added, or left to the application untouched.
     */
    public enum RobotsTxtMode {
        /** The application's robots.txt (or a generated one) with a {@code Sitemap} line added. */
        ADD_SITEMAP,
        /** The application answers {@code /robots.txt} itself; SitemapKit does not touch it. */
        APPLICATION
    }

    /** Where rendered pages are kept: this JVM's heap, files, or a JCache that nodes share. */
    public enum StoreKind {
        /** This JVM's heap: nothing survives a restart and every node renders for itself. */
        MEMORY,
        /** Files in {@code store-dir}, which survive a restart. */
        DISK,
        /** A JCache cache ({@code jcache-cache}) that the nodes of a cluster share. */
        JCACHE
    }

    /** The endpoint that shares submissions with every search engine taking part. */
    public static final String DEFAULT_INDEXNOW_ENDPOINT = "https://api.indexnow.org/indexnow";

    private static final Pattern INDEXNOW_KEY = Pattern.compile("[A-Za-z0-9-]{8,128}");
    private static final Pattern ALLOWED_HOST = Pattern.compile("([a-z0-9.-]+|\\[[0-9a-f:.]+\\])(:[0-9]{1,5})?");

    private final Site baseUrl;
    private final List<String> allowedHosts;
    private final PageOptions pageOptions;
    private final Duration cacheTtl;
    private final Duration renderDeadline;
    private final Duration renderWait;
    private final Duration renderLease;
    private final boolean renderAtStart;
    private final StoreKind store;
    private final String storeDir;
    private final String jcacheCache;
    private final IndexMode index;
    private final boolean gzipLocs;
    private final String robots;
    private final RobotsTxtMode robotsTxt;
    private final boolean robotsCheck;
    private final String indexnowKey;
    private final URI indexnowEndpoint;
    private final boolean autoRegister;
    private final boolean html;
    private final int maxSites;
    private final List<String> additionalSitemaps;
    private final List<String> exclude;
    private final StatusView statusView;
    private final Health.DownWhen healthDown;
    /** The groups the engine reads, made once from the fields above. */
    private final Paging pagingGroup;

    private final Timing timingGroup;
    private final Store storeGroup;
    private final Robots robotsGroup;
    private final IndexNow indexnowGroup;

    private Settings(Builder b) {
        baseUrl = b.baseUrl;
        allowedHosts = List.copyOf(b.allowedHosts);
        pageOptions = b.pageOptions.build();
        cacheTtl = b.cacheTtl;
        renderDeadline = b.renderDeadline;
        renderWait = b.renderWait;
        renderLease = b.renderLease;
        renderAtStart = b.renderAtStart;
        store = b.store;
        storeDir = b.storeDir;
        jcacheCache = b.jcacheCache;
        index = b.index;
        gzipLocs = b.gzipLocs;
        robots = b.robots;
        robotsTxt = b.robotsTxt;
        robotsCheck = b.robotsCheck;
        indexnowKey = b.indexnowKey;
        indexnowEndpoint = b.indexnowEndpoint;
        autoRegister = b.autoRegister;
        html = b.html;
        maxSites = b.maxSites;
        additionalSitemaps = List.copyOf(b.additionalSitemaps);
        exclude = List.copyOf(b.exclude);
        statusView = new StatusView(b.statusViewMode, Optional.ofNullable(b.statusToken));
        healthDown = b.healthDown;
        pagingGroup = new Paging(pageOptions.maxUrls(), pageOptions.maxBytes(), index, gzipLocs);
        timingGroup = new Timing(cacheTtl, renderDeadline, renderWait, renderLease, renderAtStart);
        storeGroup = new Store(store, Optional.ofNullable(storeDir), jcacheCache);
        robotsGroup = new Robots(Optional.ofNullable(robots), robotsTxt, robotsCheck, exclude);
        indexnowGroup = new IndexNow(Optional.ofNullable(indexnowKey), indexnowEndpoint);
        if (baseUrl != null) {
            for (String loc : additionalSitemaps) {
                if (loc.contains("://") && !Site.of(loc).origin().equals(baseUrl.origin())) {
                    throw new IllegalArgumentException("additional-sitemaps: \"" + loc
                            + "\" is not on the host of base-url " + baseUrl.origin()
                            + "; an index may only list sitemaps of its own host");
                }
            }
        }
    }

    /**
     * Every setting at its documented default, for an application that configures nothing.
     *
     * @return the default settings
     */
    public static Settings defaults() {
        return builder().build();
    }

    /**
     * Starts from the defaults; each setter checks its value at once.
     *
     * @return a builder holding the defaults
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The site every URL belongs to; when set, the request's Host header is never used.
     *
     * @return the configured site, or empty to take the site from each request's Host header
     */
    public Optional<Site> baseUrl() {
        return Optional.ofNullable(baseUrl);
    }

    /**
     * Hosts ({@code host} or {@code host:port}) served when no base URL is set.
     *
     * @return lower-case hosts; requests naming any other host get no sitemap
     */
    public List<String> allowedHosts() {
        return allowedHosts;
    }

    /**
     * Whether the jar registers its filter itself; off when {@code web.xml} maps it.
     *
     * @return true when the servlet container initializer adds the filter
     */
    public boolean autoRegister() {
        return autoRegister;
    }

    /** What becomes of news articles older than two days: {@code news-expired}. */
    public PageOptions.NewsExpired newsExpired() {
        return pageOptions.newsExpired();
    }

    /**
     * The page options the settings ask for: their limits, the news rule, the gzip level.
     *
     * @return the options every section's render starts from
     */
    public PageOptions pageOptions() {
        return pageOptions;
    }

    /** The deflate level of the pages: {@code gzip-level}, render time against bytes. */
    public int gzipLevel() {
        return pageOptions.gzipLevel();
    }

    /** Who may see {@code /sitemap.html?status}: {@code status-view} and {@code status-token}. */
    public StatusView statusView() {
        return statusView;
    }

    /** When the MicroProfile Health check and Actuator's health go down: {@code health-down}, never by default. */
    public Health.DownWhen healthDown() {
        return healthDown;
    }

    /** Who may see the status page: nobody by default, since it quotes render failures. */
    public enum StatusViewMode {
        /** Nobody: {@code /sitemap.html?status} is a 404. */
        OFF,
        /** Requests from the node itself, not through a proxy. */
        LOOPBACK,
        /** Requests that bear {@code status-token}. */
        TOKEN
    }

    /**
     * The status page's access.
     *
     * @param mode who may see it
     * @param token the bearer token {@link StatusViewMode#TOKEN} asks for
     */
    public record StatusView(StatusViewMode mode, Optional<String> token) {
        @Override
        public String toString() {
            return mode.name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    public boolean html() {
        return html;
    }

    /**
     * How many sites (scheme, host, port) are cached at once when the Host header picks them.
     *
     * @return 1 to 1024
     */
    public int maxSites() {
        return maxSites;
    }

    /**
     * Sitemaps the index lists beside SitemapKit's own pages, such as a blog's: absolute URLs on
     * the site's host, or paths from the host root. SitemapKit does not serve them.
     *
     * @return the URLs and paths as configured
     */
    public List<String> additionalSitemaps() {
        return additionalSitemaps;
    }

    /**
     * How pages and the index are cut and named.
     *
     * @param maxUrls the most URLs in one page (the protocol's limit is 50,000)
     * @param maxBytes the most uncompressed bytes in one page (the protocol's limit is 50 MiB)
     * @param index whether {@code /sitemap.xml} is an index only when needed, or always
     * @param gzipLocs whether the index lists the {@code .xml.gz} pages
     */
    public record Paging(int maxUrls, int maxBytes, IndexMode index, boolean gzipLocs) {}

    /**
     * When sections are rendered, and how long a render may take or be waited for.
     *
     * @param cacheTtl how long a rendered section is served before it is rendered again
     * @param renderDeadline how long a render may take before it is abandoned
     * @param renderWait how long a request waits for a section's first render before a 503
     * @param renderLease how long a node's claim to render a section lasts in a shared store
     * @param renderAtStart whether sections render in the background as the application starts
     */
    public record Timing(
            Duration cacheTtl,
            Duration renderDeadline,
            Duration renderWait,
            Duration renderLease,
            boolean renderAtStart) {}

    /**
     * Where rendered pages are kept.
     *
     * @param kind memory, disk or JCache
     * @param dir the disk store's directory, or empty for the container's temporary one
     * @param jcacheCache the JCache store's cache
     */
    public record Store(StoreKind kind, Optional<String> dir, String jcacheCache) {}

    /**
     * What robots.txt is, and what the sitemap leaves out.
     *
     * @param file a rules file in the web application, appended to the application's robots.txt
     * @param mode whether SitemapKit adds its {@code Sitemap} lines or leaves robots.txt alone
     * @param check whether URLs the site's own robots.txt disallows are left out
     * @param exclude path patterns left out of every section
     */
    public record Robots(Optional<String> file, RobotsTxtMode mode, boolean check, List<String> exclude) {}

    /**
     * Telling search engines what changed.
     *
     * @param key the IndexNow key, or empty to submit nothing
     * @param endpoint where submissions go
     */
    public record IndexNow(Optional<String> key, URI endpoint) {}

    /**
     * The page limits and the index.
     *
     * @return the paging settings
     */
    public Paging paging() {
        return pagingGroup;
    }

    /**
     * Cache time, render deadline, wait and lease, render at start.
     *
     * @return the timing settings
     */
    public Timing timing() {
        return timingGroup;
    }

    /**
     * The page store.
     *
     * @return the store settings
     */
    public Store store() {
        return storeGroup;
    }

    /**
     * robots.txt and exclusions.
     *
     * @return the robots settings
     */
    public Robots robots() {
        return robotsGroup;
    }

    /**
     * IndexNow.
     *
     * @return the IndexNow settings
     */
    public IndexNow indexnow() {
        return indexnowGroup;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Settings)) {
            return false;
        }
        Settings s = (Settings) o;
        return Objects.equals(s.baseUrl, baseUrl)
                && s.allowedHosts.equals(allowedHosts)
                && s.pageOptions.equals(pageOptions)
                && s.cacheTtl.equals(cacheTtl)
                && s.index == index
                && s.renderDeadline.equals(renderDeadline)
                && s.renderWait.equals(renderWait)
                && s.renderLease.equals(renderLease)
                && s.renderAtStart == renderAtStart
                && s.store == store
                && Objects.equals(s.storeDir, storeDir)
                && s.jcacheCache.equals(jcacheCache)
                && s.gzipLocs == gzipLocs
                && Objects.equals(s.robots, robots)
                && s.robotsTxt == robotsTxt
                && s.robotsCheck == robotsCheck
                && Objects.equals(s.indexnowKey, indexnowKey)
                && s.indexnowEndpoint.equals(indexnowEndpoint)
                && s.autoRegister == autoRegister
                && s.html == html
                && s.maxSites == maxSites
                && s.additionalSitemaps.equals(additionalSitemaps)
                && s.exclude.equals(exclude)
                && s.statusView.equals(statusView)
                && s.healthDown == healthDown;
    }

    @Override
    public int hashCode() {
        return Objects.hash(
                baseUrl,
                allowedHosts,
                pageOptions,
                cacheTtl,
                renderDeadline,
                renderWait,
                renderLease,
                renderAtStart,
                store,
                storeDir,
                jcacheCache,
                index,
                gzipLocs,
                robots,
                robotsTxt,
                robotsCheck,
                indexnowKey,
                indexnowEndpoint,
                autoRegister,
                html,
                maxSites,
                additionalSitemaps,
                exclude,
                statusView,
                healthDown);
    }

    @Override
    public String toString() {
        return SettingsTable.toString(this, false);
    }

    /**
     * The settings as the start-up line prints them.
     *
     * @param storeInCode whether the application gave the page store in code, which the store settings
     *     then do not choose: they are printed as {@code store=set in code}, not as the setting's default
     * @return {@code SitemapSettings{key=value, ...}}
     */
    public String toString(boolean storeInCode) {
        return SettingsTable.toString(this, storeInCode);
    }

    /**
     * Collects settings for {@link Settings}; every setter refuses a bad value at once,
     * naming the setting's key.
     */
    public static final class Builder {
        private Site baseUrl;
        private List<String> allowedHosts = List.of("localhost", "127.0.0.1", "[::1]");
        private final PageOptions.Builder pageOptions = PageOptions.builder();
        private Duration cacheTtl = Duration.ofMinutes(15);
        private Duration renderDeadline = Duration.ofMinutes(10);
        private Duration renderWait = Duration.ofSeconds(10);
        private Duration renderLease = Duration.ofSeconds(3);
        private boolean renderAtStart = true;
        private StoreKind store = StoreKind.MEMORY;
        private String storeDir;
        private String jcacheCache = "sitemapkit";
        private IndexMode index = IndexMode.AUTO;
        private boolean gzipLocs;
        private String robots;
        private RobotsTxtMode robotsTxt = RobotsTxtMode.ADD_SITEMAP;
        private boolean robotsCheck = true;
        private String indexnowKey;
        private URI indexnowEndpoint = URI.create(DEFAULT_INDEXNOW_ENDPOINT);
        private boolean autoRegister = true;
        private boolean html = true;
        private int maxSites = 16;
        private List<String> additionalSitemaps = List.of();
        private List<String> exclude = List.of();
        private StatusViewMode statusViewMode = StatusViewMode.OFF;
        private String statusToken;
        private Health.DownWhen healthDown = Health.DownWhen.NEVER;

        private Builder() {}

        /**
         * Fixes the site, so the Host header of a request never decides its URLs.
         *
         * @param value the site, or null to take it from each request
         * @return this builder
         */
        public Builder baseUrl(Site value) {
            baseUrl = value;
            return this;
        }

        /**
         * Fixes the site from its URL, as the {@code base-url} key gives it.
         *
         * @param value an absolute http(s) URL such as {@code https://example.com/shop}
         * @return this builder
         */
        public Builder baseUrl(String value) {
            return baseUrl(value == null ? null : Site.of(value));
        }

        /**
         * Limits which Host headers get a sitemap when no base URL is set, so a forged header cannot
         * make SitemapKit render for a host it does not serve.
         *
         * @param hosts {@code host} or {@code host:port} entries; case is ignored
         * @return this builder
         */
        public Builder allowedHosts(List<String> hosts) {
            List<String> list = new ArrayList<>();
            for (String h : hosts) {
                String host = h.trim().toLowerCase(Locale.ROOT);
                if (!ALLOWED_HOST.matcher(host).matches()) {
                    throw new IllegalArgumentException("allowed-hosts: not a host or host:port: \"" + h + "\"");
                }
                list.add(host);
            }
            allowedHosts = list;
            return this;
        }

        /**
         * Cuts pages at fewer URLs than the protocol allows.
         *
         * @param value 1 to 50,000
         * @return this builder
         */
        public Builder maxUrls(int value) {
            pageOptions.maxUrls(value);
            return this;
        }

        /**
         * Cuts pages at fewer uncompressed bytes than the protocol allows.
         *
         * @param value {@link PageOptions#MIN_BYTES} to {@link PageOptions#MAX_BYTES}
         * @return this builder
         */
        public Builder maxBytes(int value) {
            pageOptions.maxBytes(value);
            return this;
        }

        /**
         * What becomes of news articles older than two days.
         *
         * @param value plain URLs or skipped
         * @return this builder
         */
        public Builder newsExpired(PageOptions.NewsExpired value) {
            pageOptions.newsExpired(value);
            return this;
        }

        /**
         * Trades render time for page size; the default 6 is what {@code GZIPOutputStream} uses.
         *
         * @param value 1 (fastest) to 9 (smallest)
         * @return this builder
         */
        public Builder gzipLevel(int value) {
            pageOptions.gzipLevel(value);
            return this;
        }

        /**
         * How long a section is served before it is rendered again.
         *
         * @param value at least one second
         * @return this builder
         */
        public Builder cacheTtl(Duration value) {
            if (value.compareTo(Duration.ofSeconds(1)) < 0) {
                throw new IllegalArgumentException("cache-ttl must be at least one second: " + value);
            }
            cacheTtl = value;
            return this;
        }

        /**
         * How long a render may run before it is abandoned.
         *
         * @param value at least one second
         * @return this builder
         */
        public Builder renderDeadline(Duration value) {
            if (value.compareTo(Duration.ofSeconds(1)) < 0) {
                throw new IllegalArgumentException("render-deadline must be at least one second: " + value);
            }
            renderDeadline = value;
            return this;
        }

        /**
         * How long a request waits for a section's first render before it is answered 503.
         *
         * @param value 0 to 5 minutes
         * @return this builder
         */
        public Builder renderWait(Duration value) {
            if (value.isNegative() || value.compareTo(Duration.ofMinutes(5)) > 0) {
                throw new IllegalArgumentException("render-wait must be 0 to 5 minutes: " + value);
            }
            renderWait = value;
            return this;
        }

        /**
         * How long a node's claim to render a section lasts in a shared store unless renewed.
         *
         * @param value at least one second
         * @return this builder
         */
        public Builder renderLease(Duration value) {
            if (value.compareTo(Duration.ofSeconds(1)) < 0) {
                throw new IllegalArgumentException("render-lease must be at least one second: " + value);
            }
            renderLease = value;
            return this;
        }

        /**
         * Whether sections are rendered as the application starts rather than on first request.
         *
         * @param value false to render lazily
         * @return this builder
         */
        public Builder renderAtStart(boolean value) {
            renderAtStart = value;
            return this;
        }

        /**
         * Where rendered pages are kept.
         *
         * @param value not null
         * @return this builder
         */
        public Builder store(StoreKind value) {
            store = Objects.requireNonNull(value, "store");
            return this;
        }

        /**
         * The directory of the disk store.
         *
         * @param value a directory path, or null for the container's temporary directory
         * @return this builder
         */
        public Builder storeDir(String value) {
            if (value != null && value.isBlank()) {
                throw new IllegalArgumentException("store-dir must name a directory");
            }
            storeDir = value;
            return this;
        }

        /**
         * The JCache cache the {@code jcache} store uses.
         *
         * @param value a cache name of 1 to 200 characters
         * @return this builder
         */
        public Builder jcacheCache(String value) {
            if (value == null || value.isBlank() || value.length() > 200) {
                throw new IllegalArgumentException("jcache-cache must be a cache name of 1 to 200 characters");
            }
            jcacheCache = value;
            return this;
        }

        /**
         * Whether {@code /sitemap.xml} is always an index.
         *
         * @param value not null
         * @return this builder
         */
        public Builder index(IndexMode value) {
            index = Objects.requireNonNull(value, "index");
            return this;
        }

        /**
         * Whether the index links the {@code .xml.gz} pages.
         *
         * @param value true to link the compressed pages
         * @return this builder
         */
        public Builder gzipLocs(boolean value) {
            gzipLocs = value;
            return this;
        }

        /**
         * The robots.txt rules file SitemapKit reads to serve {@code /robots.txt} and to check URLs.
         *
         * @param path a resource path in the web application, starting with {@code /}
         * @return this builder
         */
        public Builder robots(String path) {
            if (path != null && !path.startsWith("/")) {
                throw new IllegalArgumentException("robots must be a path starting with '/': in the web"
                        + " application, such as /WEB-INF/robots.txt, or on the class path where the JAX-RS"
                        + " filter serves (Quarkus, Helidon), such as /robots-rules.txt: \"" + path + "\"");
            }
            robots = path;
            return this;
        }

        /**
         * Whether SitemapKit adds its {@code Sitemap} line to {@code /robots.txt}.
         *
         * @param value not null
         * @return this builder
         */
        public Builder robotsTxt(RobotsTxtMode value) {
            robotsTxt = Objects.requireNonNull(value, "robots-txt");
            return this;
        }

        /**
         * Whether URLs the site's robots.txt disallows to every crawler are left out.
         *
         * @param value false to list them anyway
         * @return this builder
         */
        public Builder robotsCheck(boolean value) {
            robotsCheck = value;
            return this;
        }

        /**
         * Turns IndexNow submissions on; SitemapKit serves the key at {@code /{key}.txt}, which proves the site is ours.
         *
         * @param key 8 to 128 of a-z, A-Z, 0-9 and '-', or null to submit nothing
         * @return this builder
         */
        public Builder indexnowKey(String key) {
            if (key != null && !INDEXNOW_KEY.matcher(key).matches()) {
                throw new IllegalArgumentException(
                        "indexnow-key must be 8 to 128 of a-z, A-Z, 0-9 and '-': \"" + key + "\"");
            }
            indexnowKey = key;
            return this;
        }

        /**
         * Another endpoint, such as one search engine's own; they share what they receive.
         *
         * @param url an absolute http or https URL without user information or fragment
         * @return this builder
         * @throws IllegalArgumentException naming the key, if {@code url} is null or not such a URL
         */
        public Builder indexnowEndpoint(String url) {
            URI uri = null;
            try {
                uri = url == null ? null : new URI(url);
            } catch (URISyntaxException e) {
                // refused below
            }
            String scheme = uri == null || uri.getScheme() == null
                    ? ""
                    : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!(scheme.equals("http") || scheme.equals("https"))
                    || uri.isOpaque()
                    || uri.getHost() == null
                    || uri.getRawUserInfo() != null
                    || uri.getRawFragment() != null) {
                throw new IllegalArgumentException("indexnow-endpoint must be an absolute http or https URL without"
                        + " user information or fragment, such as " + DEFAULT_INDEXNOW_ENDPOINT + ": \"" + url + "\"");
            }
            indexnowEndpoint = uri;
            return this;
        }

        /**
         * Whether the jar registers its filter itself.
         *
         * @param value false when {@code web.xml} maps the filter
         * @return this builder
         */
        public Builder autoRegister(boolean value) {
            autoRegister = value;
            return this;
        }

        /**
         * Whether {@code /sitemap.html} is served.
         *
         * @param value false to leave it out
         * @return this builder
         */
        public Builder html(boolean value) {
            html = value;
            return this;
        }

        /**
         * Who may see {@code /sitemap.html?status}.
         *
         * @param value off, loopback or token
         * @return this builder
         */
        public Builder statusView(StatusViewMode value) {
            statusViewMode = Objects.requireNonNull(value, "status-view");
            return this;
        }

        /**
         * When the health check goes down.
         *
         * @param value never, failing or stale
         * @return this builder
         */
        public Builder healthDown(Health.DownWhen value) {
            healthDown = Objects.requireNonNull(value, "health-down");
            return this;
        }

        /**
         * The bearer token that opens the status page with {@code status-view=token}.
         *
         * @param value at least 16 characters, none of them a space or a control character
         * @return this builder
         */
        public Builder statusToken(String value) {
            if (value != null && (value.length() < 16 || !value.chars().allMatch(c -> c > 0x20 && c < 0x7f))) {
                throw new IllegalArgumentException(
                        "status-token must be at least 16 printable ASCII characters without spaces");
            }
            statusToken = value;
            return this;
        }

        /**
         * Bounds the memory used when the Host header picks the site.
         *
         * @param value 1 to 1024
         * @return this builder
         */
        public Builder maxSites(int value) {
            if (value < 1 || value > 1024) {
                throw new IllegalArgumentException("max-sites must be 1 to 1024: " + value);
            }
            maxSites = value;
            return this;
        }

        /**
         * Sitemaps the index lists that SitemapKit does not render, such as a blog's own sitemap.
         *
         * @param locs absolute http(s) URLs on the site's host, or paths from the host root ({@code /blog/sitemap.xml})
         * @return this builder
         * @throws IllegalArgumentException naming the first entry that is neither
         */
        public Builder additionalSitemaps(List<String> locs) {
            List<String> list = new ArrayList<>();
            Set<String> seen = new HashSet<>();
            for (String loc : locs) {
                String l = loc.trim();
                boolean ok;
                if (l.startsWith("/")) {
                    ok = !l.startsWith("//") && l.chars().allMatch(c -> c > ' ' && c < 127);
                } else {
                    try {
                        Site.of(l);
                        ok = true;
                    } catch (IllegalArgumentException e) {
                        ok = false;
                    }
                }
                if (!ok || l.contains("?") && !l.contains("://")) {
                    throw new IllegalArgumentException("additional-sitemaps: not an absolute http(s) URL"
                            + " or a path from the host root: \"" + loc + "\"");
                }
                if (!seen.add(l)) {
                    throw new IllegalArgumentException("additional-sitemaps: listed twice: \"" + loc + "\"");
                }
                list.add(l);
            }
            additionalSitemaps = list;
            return this;
        }

        /**
         * Path patterns to leave out of every section, matched against a URL's path as robots.txt
         * matches ({@code *} any run of characters, a final {@code $} the end).
         *
         * @param patterns each starting with {@code /} or {@code *}
         * @return this builder
         * @throws IllegalArgumentException naming the first pattern that is not one
         */
        public Builder exclude(List<String> patterns) {
            List<String> list = new ArrayList<>();
            for (String p : patterns) {
                String pattern = p.trim();
                try {
                    if (!pattern.startsWith("/") && !pattern.startsWith("*")) {
                        throw new IllegalArgumentException("must start with / or *");
                    }
                    list.add(RobotsRule.disallow(pattern.startsWith("*") ? "/" + pattern : pattern)
                            .path());
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(
                            "exclude: not a path pattern such as /private/ or /*.pdf$: \"" + p + "\"", e);
                }
            }
            exclude = list;
            return this;
        }

        /**
         * Checks what only the whole can tell, such as additional sitemaps on another host than the base URL.
         *
         * @return the settings
         */
        public Settings build() {
            if (statusViewMode == StatusViewMode.TOKEN && statusToken == null) {
                throw new IllegalArgumentException("status-view=token needs sitemapkit.status-token, the token requests"
                        + " must bear (Authorization: Bearer ...)");
            }
            return new Settings(this);
        }
    }
}
