package org.sitemapkit.internal.config;

import static org.sitemapkit.internal.config.SettingsTable.ADDITIONAL_SITEMAPS;
import static org.sitemapkit.internal.config.SettingsTable.ALLOWED_HOSTS;
import static org.sitemapkit.internal.config.SettingsTable.AUTO_REGISTER;
import static org.sitemapkit.internal.config.SettingsTable.BASE_URL;
import static org.sitemapkit.internal.config.SettingsTable.BASE_URL_AS_WRITTEN;
import static org.sitemapkit.internal.config.SettingsTable.CACHE_TTL;
import static org.sitemapkit.internal.config.SettingsTable.EXCLUDE;
import static org.sitemapkit.internal.config.SettingsTable.GZIP_LEVEL;
import static org.sitemapkit.internal.config.SettingsTable.GZIP_LOCS;
import static org.sitemapkit.internal.config.SettingsTable.HEALTH_DOWN;
import static org.sitemapkit.internal.config.SettingsTable.HTML;
import static org.sitemapkit.internal.config.SettingsTable.INDEX;
import static org.sitemapkit.internal.config.SettingsTable.INDEXNOW_ENDPOINT;
import static org.sitemapkit.internal.config.SettingsTable.INDEXNOW_KEY;
import static org.sitemapkit.internal.config.SettingsTable.JCACHE_CACHE;
import static org.sitemapkit.internal.config.SettingsTable.KEYS;
import static org.sitemapkit.internal.config.SettingsTable.LASTMOD;
import static org.sitemapkit.internal.config.SettingsTable.MAX_BYTES;
import static org.sitemapkit.internal.config.SettingsTable.MAX_SITES;
import static org.sitemapkit.internal.config.SettingsTable.MAX_URLS;
import static org.sitemapkit.internal.config.SettingsTable.NEWS_EXPIRED;
import static org.sitemapkit.internal.config.SettingsTable.RENDER_AT_START;
import static org.sitemapkit.internal.config.SettingsTable.RENDER_DEADLINE;
import static org.sitemapkit.internal.config.SettingsTable.RENDER_LEASE;
import static org.sitemapkit.internal.config.SettingsTable.RENDER_WAIT;
import static org.sitemapkit.internal.config.SettingsTable.ROBOTS;
import static org.sitemapkit.internal.config.SettingsTable.ROBOTS_CHECK;
import static org.sitemapkit.internal.config.SettingsTable.ROBOTS_TXT;
import static org.sitemapkit.internal.config.SettingsTable.STATUS_TOKEN;
import static org.sitemapkit.internal.config.SettingsTable.STATUS_VIEW;
import static org.sitemapkit.internal.config.SettingsTable.STORE;
import static org.sitemapkit.internal.config.SettingsTable.STORE_DIR;
import static org.sitemapkit.internal.config.SettingsTable.VERIFY;
import static org.sitemapkit.internal.config.SettingsTable.VERIFY_ACTION;
import static org.sitemapkit.internal.config.SettingsTable.VERIFY_CONCURRENCY;
import static org.sitemapkit.internal.config.SettingsTable.VERIFY_ORIGIN;
import static org.sitemapkit.internal.config.SettingsTable.VERIFY_RATE;
import static org.sitemapkit.internal.config.SettingsTable.VERIFY_SAMPLE;
import static org.sitemapkit.internal.config.SettingsTable.VERIFY_TIMEOUT;

import java.net.URI;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.StringJoiner;
import org.sitemapkit.internal.render.PageOptions;
import org.sitemapkit.internal.status.Health;
import org.sitemapkit.model.Site;

/**
 * Everything SitemapKit can be told, as one immutable value: one value per declaration of
 * {@link SettingsTable}, compared, hashed and printed through the declarations. The filter fills
 * it from its init-params, context-params, system properties and {@code sitemapkit.properties};
 * a bad value fails start-up naming its key, not a request.
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

    /** Where lastmods come from. */
    public enum LastmodMode {
        /** As the sources give them. */
        SOURCE,
        /** Also, for a URL whose source gives none, when its entry first appeared or last changed. */
        CONTENT
    }

    /** How many of the URLs a render wrote are checked against the application's own answers. */
    public enum VerifyMode {
        /** None. */
        OFF,
        /** {@code verify-sample} URLs per section and render, spread over its pages. */
        SAMPLE,
        /** Every URL a render wrote. */
        ALL
    }

    /** What a URL whose check failed becomes. */
    public enum VerifyAction {
        /** Reported only: the status views, the meters, a WARNING line. */
        REPORT,
        /** Also left out of the next render of its section, until a later check passes. */
        EXCLUDE
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
            return Type.word(mode);
        }
    }

    /** The values, at their declarations' {@link Setting#index()}. */
    private final Object[] values;
    /** The rest are made once from the values, for the engine to read. */
    private final PageOptions pageOptions;

    private final StatusView statusView;
    private final Paging paging;
    private final Timing timing;
    private final Store store;
    private final Robots robots;
    private final IndexNow indexnow;
    private final Verify verify;

    private Settings(Object[] values) {
        this.values = values;
        pageOptions = PageOptions.builder()
                .maxUrls(get(MAX_URLS))
                .maxBytes(get(MAX_BYTES))
                .newsExpired(get(NEWS_EXPIRED))
                .gzipLevel(get(GZIP_LEVEL))
                .build();
        statusView = new StatusView(get(STATUS_VIEW), Optional.ofNullable(get(STATUS_TOKEN)));
        paging = new Paging(this);
        timing = new Timing(this);
        store = new Store(this);
        robots = new Robots(this);
        indexnow = new IndexNow(this);
        verify = new Verify(this);
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
        Object[] defaults = new Object[KEYS.size()];
        for (Setting<?> key : KEYS) {
            defaults[key.index()] = key.defaultValue();
        }
        return new Builder(defaults);
    }

    /**
     * Starts from these settings.
     *
     * @return a builder holding these values
     */
    public Builder toBuilder() {
        return new Builder(values.clone());
    }

    /**
     * The value of one setting; the accessors below name the ones the engine reads.
     *
     * @param setting a declaration of {@link SettingsTable}
     * @return its value, or null for a setting without a default that is not set
     */
    @SuppressWarnings("unchecked") // Builder.set keeps only a T at a Setting<T>'s index
    public <T> T get(Setting<T> setting) {
        return (T) values[setting.index()];
    }

    /**
     * The site every URL belongs to; when set, the request's Host header is never used.
     *
     * @return the configured site, or empty to take the site from each request's Host header
     */
    public Optional<Site> baseUrl() {
        return Optional.ofNullable(get(BASE_URL));
    }

    /** Whether {@code base-url} is taken as written, not under a servlet context path. */
    public boolean baseUrlAsWritten() {
        return get(BASE_URL_AS_WRITTEN);
    }

    /**
     * Hosts ({@code host} or {@code host:port}) served when no base URL is set.
     *
     * @return lower-case hosts; requests naming any other host get no sitemap
     */
    public List<String> allowedHosts() {
        return get(ALLOWED_HOSTS);
    }

    /**
     * Whether the jar registers its filter itself; off when {@code web.xml} maps it.
     *
     * @return true when the servlet container initializer adds the filter
     */
    public boolean autoRegister() {
        return get(AUTO_REGISTER);
    }

    /** What becomes of news articles older than two days: {@code news-expired}. */
    public PageOptions.NewsExpired newsExpired() {
        return get(NEWS_EXPIRED);
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
        return get(GZIP_LEVEL);
    }

    /** Who may see {@code /sitemap.html?status}: {@code status-view} and {@code status-token}. */
    public StatusView statusView() {
        return statusView;
    }

    /** When the MicroProfile Health check and Actuator's health go down: {@code health-down}, never by default. */
    public Health.DownWhen healthDown() {
        return get(HEALTH_DOWN);
    }

    /** Whether {@code /sitemap.html} is served. */
    public boolean html() {
        return get(HTML);
    }

    /**
     * How many sites (scheme, host, port) are cached at once when the Host header picks them.
     *
     * @return 1 to 1024
     */
    public int maxSites() {
        return get(MAX_SITES);
    }

    /**
     * Sitemaps the index lists beside SitemapKit's own pages, such as a blog's: absolute URLs on
     * the site's host, or paths from the host root. SitemapKit does not serve them.
     *
     * @return the URLs and paths as configured
     */
    public List<String> additionalSitemaps() {
        return get(ADDITIONAL_SITEMAPS);
    }

    /** The page limits and the index. */
    public Paging paging() {
        return paging;
    }

    /** Cache time, render deadline, wait and lease, render at start. */
    public Timing timing() {
        return timing;
    }

    /** The page store. */
    public Store store() {
        return store;
    }

    /** robots.txt and exclusions. */
    public Robots robots() {
        return robots;
    }

    /** IndexNow. */
    public IndexNow indexnow() {
        return indexnow;
    }

    /** Where lastmods come from: the sources, or also the content for URLs given none. */
    public LastmodMode lastmod() {
        return get(LASTMOD);
    }

    /** Page verification. */
    public Verify verify() {
        return verify;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Settings s && Arrays.equals(s.values, values);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(values);
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
     * The values of the settings declared in one {@link Setting.Group}, compared, hashed and
     * printed through those declarations.
     */
    abstract static class Part {
        private final Settings settings;
        private final Setting.Group group;

        Part(Settings settings, Setting.Group group) {
            this.settings = settings;
            this.group = group;
        }

        /** The value of a setting of this group. */
        final <T> T get(Setting<T> setting) {
            if (setting.group() != group) {
                throw new IllegalStateException(setting + " is not in " + group);
            }
            return settings.get(setting);
        }

        @Override
        public final boolean equals(Object o) {
            if (o == null || o.getClass() != getClass()) {
                return false;
            }
            Part p = (Part) o;
            for (Setting<?> key : KEYS) {
                if (key.group() == group && !Objects.equals(p.get(key), get(key))) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public final int hashCode() {
            int h = group.hashCode();
            for (Setting<?> key : KEYS) {
                if (key.group() == group) {
                    h = 31 * h + Objects.hashCode(get(key));
                }
            }
            return h;
        }

        @Override
        public final String toString() {
            StringJoiner all = new StringJoiner(", ", getClass().getSimpleName() + "{", "}");
            for (Setting<?> key : KEYS) {
                if (key.group() == group) {
                    all.add(key.key() + "=" + printed(key));
                }
            }
            return all.toString();
        }

        private <T> String printed(Setting<T> key) {
            return key.print(get(key));
        }
    }

    /** How pages and the index are cut and named. */
    public static final class Paging extends Part {
        Paging(Settings settings) {
            super(settings, Setting.Group.PAGING);
        }

        /** The most URLs in one page (the protocol's limit is 50,000). */
        public int maxUrls() {
            return get(MAX_URLS);
        }

        /** The most uncompressed bytes in one page (the protocol's limit is 50 MiB). */
        public int maxBytes() {
            return get(MAX_BYTES);
        }

        /** Whether {@code /sitemap.xml} is an index only when needed, or always. */
        public IndexMode index() {
            return get(INDEX);
        }

        /** Whether the index lists the {@code .xml.gz} pages. */
        public boolean gzipLocs() {
            return get(GZIP_LOCS);
        }
    }

    /** When sections are rendered, and how long a render may take or be waited for. */
    public static final class Timing extends Part {
        Timing(Settings settings) {
            super(settings, Setting.Group.TIMING);
        }

        /** How long a rendered section is served before it is rendered again. */
        public Duration cacheTtl() {
            return get(CACHE_TTL);
        }

        /** How long a render may take before it is abandoned. */
        public Duration renderDeadline() {
            return get(RENDER_DEADLINE);
        }

        /** How long a request waits for a section's first render before a 503. */
        public Duration renderWait() {
            return get(RENDER_WAIT);
        }

        /** How long a node's claim to render a section lasts in a shared store. */
        public Duration renderLease() {
            return get(RENDER_LEASE);
        }

        /** Whether sections render in the background as the application starts. */
        public boolean renderAtStart() {
            return get(RENDER_AT_START);
        }
    }

    /** Where rendered pages are kept. */
    public static final class Store extends Part {
        Store(Settings settings) {
            super(settings, Setting.Group.STORE);
        }

        /** Memory, disk or JCache. */
        public StoreKind kind() {
            return get(STORE);
        }

        /** The disk store's directory, or empty for the container's temporary one. */
        public Optional<String> dir() {
            return Optional.ofNullable(get(STORE_DIR));
        }

        /** The JCache store's cache. */
        public String jcacheCache() {
            return get(JCACHE_CACHE);
        }
    }

    /** What robots.txt is, and what the sitemap leaves out. */
    public static final class Robots extends Part {
        Robots(Settings settings) {
            super(settings, Setting.Group.ROBOTS);
        }

        /** A rules file in the web application, appended to the application's robots.txt. */
        public Optional<String> file() {
            return Optional.ofNullable(get(ROBOTS));
        }

        /** Whether SitemapKit adds its {@code Sitemap} lines or leaves robots.txt alone. */
        public RobotsTxtMode mode() {
            return get(ROBOTS_TXT);
        }

        /** Whether URLs the site's own robots.txt disallows are left out. */
        public boolean check() {
            return get(ROBOTS_CHECK);
        }

        /** Path patterns left out of every section. */
        public List<String> exclude() {
            return get(EXCLUDE);
        }
    }

    /** Telling search engines what changed. */
    public static final class IndexNow extends Part {
        IndexNow(Settings settings) {
            super(settings, Setting.Group.INDEXNOW);
        }

        /** The IndexNow key, or empty to submit nothing. */
        public Optional<String> key() {
            return Optional.ofNullable(get(INDEXNOW_KEY));
        }

        /** Where submissions go. */
        public URI endpoint() {
            return get(INDEXNOW_ENDPOINT);
        }
    }

    /** Checking the listed pages against what the application serves. */
    public static final class Verify extends Part {
        Verify(Settings settings) {
            super(settings, Setting.Group.VERIFY);
        }

        /** Off, a sample per render, or every URL. */
        public VerifyMode mode() {
            return get(VERIFY);
        }

        /** URLs per section and render under {@link VerifyMode#SAMPLE}. */
        public int sample() {
            return get(VERIFY_SAMPLE);
        }

        /** Report a failed URL, or also leave it out. */
        public VerifyAction action() {
            return get(VERIFY_ACTION);
        }

        /** How long one page may take. */
        public Duration timeout() {
            return get(VERIFY_TIMEOUT);
        }

        /** Pages asked at once. */
        public int concurrency() {
            return get(VERIFY_CONCURRENCY);
        }

        /** Pages asked per second at most. */
        public int rate() {
            return get(VERIFY_RATE);
        }

        /** Where checks are sent, or empty for the address the first request arrived on. */
        public Optional<URI> origin() {
            return Optional.ofNullable(get(VERIFY_ORIGIN));
        }
    }

    /**
     * Collects settings for {@link Settings}: {@link #set} takes any declared setting; the typed
     * methods below are shorthands for it, for the keys the engine's tests set. Every setter refuses
     * a bad value at once, naming the setting's key.
     */
    public static final class Builder {
        private final Object[] values;

        private Builder(Object[] values) {
            this.values = values;
        }

        /**
         * Sets one setting.
         *
         * @param setting a declaration of {@link SettingsTable}
         * @param value its value, or null for none where it has no default
         * @return this builder
         * @throws IllegalArgumentException {@code <key>: <why>}, for a value the setting refuses
         */
        public <T> Builder set(Setting<T> setting, T value) {
            T checked;
            try {
                checked = setting.check(value);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(setting.key() + ": " + e.getMessage(), e);
            }
            return put(setting, checked);
        }

        /** Sets a value its setting has already checked. */
        <T> Builder put(Setting<T> setting, T checked) {
            values[setting.index()] = checked;
            return this;
        }

        private <T> Builder parse(Setting<T> setting, String text) {
            T value;
            try {
                value = text == null ? null : setting.parse(text);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(setting.key() + ": " + e.getMessage(), e);
            }
            return set(setting, value);
        }

        public Builder baseUrl(Site value) {
            return set(BASE_URL, value);
        }

        public Builder baseUrl(String value) {
            return parse(BASE_URL, value);
        }

        public Builder baseUrlAsWritten(boolean value) {
            return set(BASE_URL_AS_WRITTEN, value);
        }

        public Builder allowedHosts(List<String> hosts) {
            return set(ALLOWED_HOSTS, hosts);
        }

        public Builder maxUrls(int value) {
            return set(MAX_URLS, value);
        }

        public Builder maxBytes(int value) {
            return set(MAX_BYTES, value);
        }

        public Builder newsExpired(PageOptions.NewsExpired value) {
            return set(NEWS_EXPIRED, value);
        }

        public Builder gzipLevel(int value) {
            return set(GZIP_LEVEL, value);
        }

        public Builder cacheTtl(Duration value) {
            return set(CACHE_TTL, value);
        }

        public Builder renderDeadline(Duration value) {
            return set(RENDER_DEADLINE, value);
        }

        public Builder renderWait(Duration value) {
            return set(RENDER_WAIT, value);
        }

        public Builder renderLease(Duration value) {
            return set(RENDER_LEASE, value);
        }

        public Builder renderAtStart(boolean value) {
            return set(RENDER_AT_START, value);
        }

        public Builder store(StoreKind value) {
            return set(STORE, value);
        }

        public Builder storeDir(String value) {
            return set(STORE_DIR, value);
        }

        public Builder jcacheCache(String value) {
            return set(JCACHE_CACHE, value);
        }

        public Builder index(IndexMode value) {
            return set(INDEX, value);
        }

        public Builder gzipLocs(boolean value) {
            return set(GZIP_LOCS, value);
        }

        public Builder robots(String path) {
            return set(ROBOTS, path);
        }

        public Builder robotsTxt(RobotsTxtMode value) {
            return set(ROBOTS_TXT, value);
        }

        public Builder robotsCheck(boolean value) {
            return set(ROBOTS_CHECK, value);
        }

        public Builder indexnowKey(String key) {
            return set(INDEXNOW_KEY, key);
        }

        public Builder indexnowEndpoint(String url) {
            return parse(INDEXNOW_ENDPOINT, url);
        }

        public Builder autoRegister(boolean value) {
            return set(AUTO_REGISTER, value);
        }

        public Builder html(boolean value) {
            return set(HTML, value);
        }

        public Builder statusView(StatusViewMode value) {
            return set(STATUS_VIEW, value);
        }

        public Builder statusToken(String value) {
            return set(STATUS_TOKEN, value);
        }

        public Builder healthDown(Health.DownWhen value) {
            return set(HEALTH_DOWN, value);
        }

        public Builder maxSites(int value) {
            return set(MAX_SITES, value);
        }

        public Builder additionalSitemaps(List<String> locs) {
            return set(ADDITIONAL_SITEMAPS, locs);
        }

        public Builder exclude(List<String> patterns) {
            return set(EXCLUDE, patterns);
        }

        /**
         * Checks what only the whole can tell: a token for {@code status-view=token}, and additional
         * sitemaps on the host of the base URL.
         *
         * @return the settings
         */
        public Settings build() {
            if (values[STATUS_VIEW.index()] == StatusViewMode.TOKEN && values[STATUS_TOKEN.index()] == null) {
                throw new IllegalArgumentException("status-view=token needs sitemapkit.status-token, the token requests"
                        + " must bear (Authorization: Bearer ...)");
            }
            Settings settings = new Settings(values.clone());
            Site base = settings.get(BASE_URL);
            if (base != null) {
                for (String loc : settings.additionalSitemaps()) {
                    if (loc.contains("://") && !Site.of(loc).origin().equals(base.origin())) {
                        throw new IllegalArgumentException("additional-sitemaps: \"" + loc
                                + "\" is not on the host of base-url " + base.origin()
                                + "; an index may only list sitemaps of its own host");
                    }
                }
            }
            return settings;
        }
    }
}
