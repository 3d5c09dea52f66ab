package org.sitemapkit;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.sitemapkit.internal.config.Setting;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.config.SettingsExtension;
import org.sitemapkit.internal.config.SettingsReader;
import org.sitemapkit.internal.config.SettingsTable;

/**
 * Settings made in code, for {@link SitemapKit#settings}: the keys of {@code sitemapkit.properties}
 * and the context-params (docs/configuration.md lists them), typed through {@link #builder()} or
 * as text through {@link #of(Map)}, checked by the same declarations. Immutable; a bad key or value
 * is refused at once, naming the key.
 *
 * <pre>{@code
 * SitemapSettings.builder().baseUrl("https://shop.example.com/").cacheTtl(Duration.ofHours(1)).build()
 * SitemapSettings.of(Map.of("base-url", "https://shop.example.com/", "cache-ttl", "1h"))
 * }</pre>
 */
public final class SitemapSettings {
    /** Where a refusal says a value made in code came from. */
    private static final String CODE = "code";

    private static final SitemapSettings DEFAULTS = new SitemapSettings(Settings.defaults());

    private final Settings values;

    private SitemapSettings(Settings values) {
        this.values = values;
    }

    /**
     * Every setting at its documented default.
     *
     * @return the defaults
     */
    public static SitemapSettings defaults() {
        return DEFAULTS;
    }

    /**
     * Starts typed settings from the defaults; each method checks its value at once.
     *
     * @return a builder holding the defaults
     */
    public static Builder builder() {
        return new Builder(Settings.builder());
    }

    /**
     * Starts typed settings from these, such as settings read from a file.
     *
     * @return a builder holding these settings
     */
    public Builder toBuilder() {
        return new Builder(values.toBuilder());
    }

    /**
     * Settings from keys and values as {@code sitemapkit.properties} writes them; a key may carry
     * the {@code sitemapkit.} prefix or not.
     *
     * @param settings the keys and their values; unset keys keep their defaults
     * @return the settings
     * @throws IllegalArgumentException for an unknown key or a bad value, naming the key
     */
    public static SitemapSettings of(Map<String, String> settings) {
        return DEFAULTS.read(settings);
    }

    /**
     * These settings with one more key set.
     *
     * @param key the key, with or without the {@code sitemapkit.} prefix
     * @param value its value, as in {@code sitemapkit.properties}
     * @return new settings
     * @throws IllegalArgumentException for an unknown key or a bad value, naming the key
     */
    public SitemapSettings with(String key, String value) {
        Objects.requireNonNull(key, "key");
        return read(Map.of(key, Objects.requireNonNull(value, () -> "value of " + key)));
    }

    /** These settings with {@code settings}' keys set, read as the reader reads a layer named "code". */
    private SitemapSettings read(Map<String, String> settings) {
        TreeMap<String, String> prefixed = new TreeMap<>();
        settings.forEach((k, v) -> {
            Objects.requireNonNull(k, "key");
            Objects.requireNonNull(v, () -> "value of " + k);
            prefixed.put(k.startsWith(SettingsReader.PREFIX) ? k : SettingsReader.PREFIX + k, v);
        });
        if (!prefixed.keySet().stream()
                .allMatch(k -> SettingsReader.KEYS.contains(k.substring(SettingsReader.PREFIX.length())))) {
            // only then is an extension asked for its keys
            for (String k : SettingsExtension.keysIn(Thread.currentThread().getContextClassLoader())) {
                if (prefixed.containsKey(SettingsReader.PREFIX + k)) {
                    throw new IllegalArgumentException(SettingsReader.PREFIX + k + " is read by an extension from"
                            + " context-params, system properties or sitemapkit.properties, not from settings made in"
                            + " code");
                }
            }
        }
        SettingsReader.Layer code = new SettingsReader.Layer(CODE, prefixed.keySet(), prefixed::get);
        return new SitemapSettings(new SettingsReader(List.of(code)).read(values));
    }

    Settings values() {
        return values;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SitemapSettings s && s.values.equals(values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        return values.toString();
    }

    /**
     * Typed settings, one method per key of docs/configuration.md, named after it ({@code max-urls}
     * is {@link #maxUrls}). A key that takes some words only takes one of them as text. Each method
     * refuses a bad value at once with an IllegalArgumentException naming the key; {@link #build()}
     * refuses what only the whole can tell, such as {@code status-view=token} without a token.
     */
    public static final class Builder {
        private final Settings.Builder values;

        private Builder(Settings.Builder values) {
            this.values = values;
        }

        /**
         * {@code base-url}: the scheme, host, port and path every URL belongs to; when set, the
         * request's {@code Host} header is ignored.
         *
         * @param url an absolute http(s) URL such as {@code https://shop.example.com/}, or null for none
         * @return this builder
         */
        public Builder baseUrl(String url) {
            return parse(SettingsTable.BASE_URL, url);
        }

        /**
         * {@code base-url-as-written}: for a proxy that serves a servlet application at another path
         * than its context path, {@code base-url} is taken as written, an origin alone included.
         *
         * @param value true behind such a proxy
         * @return this builder
         */
        public Builder baseUrlAsWritten(boolean value) {
            return set(SettingsTable.BASE_URL_AS_WRITTEN, value);
        }

        /**
         * {@code allowed-hosts}: without a base URL, the hosts served, from the {@code Host} header.
         *
         * @param hosts {@code host} or {@code host:port} each, in any case
         * @return this builder
         */
        public Builder allowedHosts(List<String> hosts) {
            return set(SettingsTable.ALLOWED_HOSTS, hosts);
        }

        /**
         * {@code max-urls}: URLs per page.
         *
         * @param value 1 to 50,000
         * @return this builder
         */
        public Builder maxUrls(int value) {
            return set(SettingsTable.MAX_URLS, value);
        }

        /**
         * {@code max-bytes}: uncompressed bytes per page.
         *
         * @param value 1,024 to 52,428,800
         * @return this builder
         */
        public Builder maxBytes(int value) {
            return set(SettingsTable.MAX_BYTES, value);
        }

        /**
         * {@code cache-ttl}: how long a rendered section is fresh.
         *
         * @param value at least one second
         * @return this builder
         */
        public Builder cacheTtl(Duration value) {
            return set(SettingsTable.CACHE_TTL, value);
        }

        /**
         * {@code render-deadline}: how long one render of a section may take.
         *
         * @param value at least one second
         * @return this builder
         */
        public Builder renderDeadline(Duration value) {
            return set(SettingsTable.RENDER_DEADLINE, value);
        }

        /**
         * {@code render-wait}: how long a request waits for a section's first render before a 503.
         *
         * @param value 0 to 5 minutes
         * @return this builder
         */
        public Builder renderWait(Duration value) {
            return set(SettingsTable.RENDER_WAIT, value);
        }

        /**
         * {@code index}: whether {@code /sitemap.xml} is an index only when needed, or always.
         *
         * @param word {@code auto} or {@code always}
         * @return this builder
         */
        public Builder index(String word) {
            return parse(SettingsTable.INDEX, word);
        }

        /**
         * {@code news-expired}: what becomes of a news article older than two days.
         *
         * @param word {@code plain} or {@code skip}
         * @return this builder
         */
        public Builder newsExpired(String word) {
            return parse(SettingsTable.NEWS_EXPIRED, word);
        }

        /**
         * {@code gzip-locs}: whether the index lists the {@code .xml.gz} pages.
         *
         * @param value true to list the compressed pages
         * @return this builder
         */
        public Builder gzipLocs(boolean value) {
            return set(SettingsTable.GZIP_LOCS, value);
        }

        /**
         * {@code gzip-level}: the deflate level of the pages.
         *
         * @param value 1 (fastest) to 9 (smallest)
         * @return this builder
         */
        public Builder gzipLevel(int value) {
            return set(SettingsTable.GZIP_LEVEL, value);
        }

        /**
         * {@code robots}: a rules file appended to the application's robots.txt.
         *
         * @param path a path starting with {@code /}, such as {@code /WEB-INF/robots-rules.txt}, or null for none
         * @return this builder
         */
        public Builder robots(String path) {
            return set(SettingsTable.ROBOTS, path);
        }

        /**
         * {@code robots-txt}: whether SitemapKit adds its {@code Sitemap} line to robots.txt.
         *
         * @param word {@code add-sitemap} or {@code application}
         * @return this builder
         */
        public Builder robotsTxt(String word) {
            return parse(SettingsTable.ROBOTS_TXT, word);
        }

        /**
         * {@code robots-check}: whether URLs the site's own robots.txt disallows are left out.
         *
         * @param value false to list them anyway
         * @return this builder
         */
        public Builder robotsCheck(boolean value) {
            return set(SettingsTable.ROBOTS_CHECK, value);
        }

        /**
         * {@code indexnow-key}: turns on IndexNow submissions, served at {@code /{key}.txt}.
         *
         * @param key 8 to 128 of {@code a-z A-Z 0-9 -}, or null to submit nothing
         * @return this builder
         */
        public Builder indexnowKey(String key) {
            return set(SettingsTable.INDEXNOW_KEY, key);
        }

        /**
         * {@code indexnow-endpoint}: where IndexNow submissions go.
         *
         * @param url an absolute http(s) URL without user information or fragment
         * @return this builder
         */
        public Builder indexnowEndpoint(String url) {
            return parse(SettingsTable.INDEXNOW_ENDPOINT, url);
        }

        /**
         * {@code auto-register}: whether the jar registers its filter itself.
         *
         * @param value false when {@code web.xml} or code maps the filter
         * @return this builder
         */
        public Builder autoRegister(boolean value) {
            return set(SettingsTable.AUTO_REGISTER, value);
        }

        /**
         * {@code html}: whether {@code /sitemap.html} is served.
         *
         * @param value false to leave it out
         * @return this builder
         */
        public Builder html(boolean value) {
            return set(SettingsTable.HTML, value);
        }

        /**
         * {@code status-view}: who may see {@code /sitemap.html?status}.
         *
         * @param word {@code off}, {@code loopback} or {@code token}
         * @return this builder
         */
        public Builder statusView(String word) {
            return parse(SettingsTable.STATUS_VIEW, word);
        }

        /**
         * {@code status-token}: the bearer token that opens the status page with {@code status-view=token}.
         *
         * @param token at least 16 printable ASCII characters without spaces, or null for none
         * @return this builder
         */
        public Builder statusToken(String token) {
            return set(SettingsTable.STATUS_TOKEN, token);
        }

        /**
         * {@code health-down}: when the {@code sitemapkit} health check reports down.
         *
         * @param word {@code never}, {@code failing} or {@code stale}
         * @return this builder
         */
        public Builder healthDown(String word) {
            return parse(SettingsTable.HEALTH_DOWN, word);
        }

        /**
         * {@code store}: where rendered pages are kept, unless {@link SitemapKit#store} gives a store.
         *
         * @param word {@code memory}, {@code disk} or {@code jcache}
         * @return this builder
         */
        public Builder store(String word) {
            return parse(SettingsTable.STORE, word);
        }

        /**
         * {@code store-dir}: the directory of the disk store.
         *
         * @param dir a directory, or null for the container's temporary directory
         * @return this builder
         */
        public Builder storeDir(String dir) {
            return set(SettingsTable.STORE_DIR, dir);
        }

        /**
         * {@code jcache-cache}: the JCache cache of the JCache store.
         *
         * @param name a cache name of 1 to 200 characters
         * @return this builder
         */
        public Builder jcacheCache(String name) {
            return set(SettingsTable.JCACHE_CACHE, name);
        }

        /**
         * {@code render-lease}: how long a node's claim to render a section lasts in a shared store.
         *
         * @param value at least one second
         * @return this builder
         */
        public Builder renderLease(Duration value) {
            return set(SettingsTable.RENDER_LEASE, value);
        }

        /**
         * {@code stop-wait}: how long a stopping application waits for the renders of the changes
         * it acknowledged before it hands them over.
         *
         * @param value 0 to 5 minutes; zero hands them over at once
         * @return this builder
         */
        public Builder stopWait(Duration value) {
            return set(SettingsTable.STOP_WAIT, value);
        }

        /**
         * {@code render-at-start}: whether missing or stale sections render as the filter starts.
         *
         * @param value false to render on first request
         * @return this builder
         */
        public Builder renderAtStart(boolean value) {
            return set(SettingsTable.RENDER_AT_START, value);
        }

        /**
         * {@code max-sites}: how many sites are cached at once when the {@code Host} header picks them.
         *
         * @param value 1 to 1024
         * @return this builder
         */
        public Builder maxSites(int value) {
            return set(SettingsTable.MAX_SITES, value);
        }

        /**
         * {@code additional-sitemaps}: sitemaps the index lists beside SitemapKit's own pages.
         *
         * @param locations absolute URLs on the site's host, or paths from the host root
         * @return this builder
         */
        public Builder additionalSitemaps(List<String> locations) {
            return set(SettingsTable.ADDITIONAL_SITEMAPS, locations);
        }

        /**
         * {@code exclude}: path patterns left out of every section, matched as robots.txt matches.
         *
         * @param patterns each starting with {@code /} or {@code *}, such as {@code /cart$} or {@code *.pdf$}
         * @return this builder
         */
        public Builder exclude(List<String> patterns) {
            return set(SettingsTable.EXCLUDE, patterns);
        }

        /**
         * {@code lastmod}: where lastmods come from.
         *
         * @param word {@code source}, or {@code content} for URLs whose source gives none a lastmod
         *     that moves only when their entry changes
         * @return this builder
         */
        public Builder lastmod(String word) {
            return parse(SettingsTable.LASTMOD, word);
        }

        /**
         * {@code verify}: how many listed URLs are checked against the application's own answers after a render.
         *
         * @param word {@code off}, {@code sample} or {@code all}
         * @return this builder
         */
        public Builder verify(String word) {
            return parse(SettingsTable.VERIFY, word);
        }

        /**
         * {@code verify-sample}: URLs per section and render that {@code verify=sample} checks.
         *
         * @param value 1 to 10,000
         * @return this builder
         */
        public Builder verifySample(int value) {
            return set(SettingsTable.VERIFY_SAMPLE, value);
        }

        /**
         * {@code verify-action}: what a failed check does.
         *
         * @param word {@code report} or {@code exclude}
         * @return this builder
         */
        public Builder verifyAction(String word) {
            return parse(SettingsTable.VERIFY_ACTION, word);
        }

        /**
         * {@code verify-timeout}: how long one page may take to answer.
         *
         * @param value 100 ms to 5 minutes
         * @return this builder
         */
        public Builder verifyTimeout(Duration value) {
            return set(SettingsTable.VERIFY_TIMEOUT, value);
        }

        /**
         * {@code verify-concurrency}: pages asked at once.
         *
         * @param value 1 to 64
         * @return this builder
         */
        public Builder verifyConcurrency(int value) {
            return set(SettingsTable.VERIFY_CONCURRENCY, value);
        }

        /**
         * {@code verify-rate}: pages asked per second at most.
         *
         * @param value 1 to 10,000
         * @return this builder
         */
        public Builder verifyRate(int value) {
            return set(SettingsTable.VERIFY_RATE, value);
        }

        /**
         * {@code verify-origin}: a plain-HTTP address of this application that checks are sent to.
         *
         * @param url such as {@code http://127.0.0.1:8080}, or null for the address the first request arrived on
         * @return this builder
         */
        public Builder verifyOrigin(String url) {
            return parse(SettingsTable.VERIFY_ORIGIN, url);
        }

        /**
         * The settings, refused when a value contradicts another.
         *
         * @return the settings
         * @throws IllegalArgumentException naming the keys that disagree
         */
        public SitemapSettings build() {
            return new SitemapSettings(values.build());
        }

        private <T> Builder set(Setting<T> setting, T value) {
            try {
                setting.check(value); // for the refusal's words; values.set checks again and keeps
            } catch (IllegalArgumentException e) {
                throw setting.refused(value, CODE, e);
            }
            values.set(setting, value);
            return this;
        }

        private <T> Builder parse(Setting<T> setting, String text) {
            if (text == null) {
                return set(setting, null);
            }
            T value;
            try {
                value = setting.parse(text);
            } catch (IllegalArgumentException e) {
                throw setting.refused(text, CODE, e);
            }
            values.set(setting, value);
            return this;
        }
    }
}
