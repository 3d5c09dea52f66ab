package org.sitemapkit.internal.config;

import static org.sitemapkit.internal.config.SettingsReader.bool;
import static org.sitemapkit.internal.config.SettingsReader.duration;
import static org.sitemapkit.internal.config.SettingsReader.healthDown;
import static org.sitemapkit.internal.config.SettingsReader.indexMode;
import static org.sitemapkit.internal.config.SettingsReader.integer;
import static org.sitemapkit.internal.config.SettingsReader.list;
import static org.sitemapkit.internal.config.SettingsReader.newsExpired;
import static org.sitemapkit.internal.config.SettingsReader.robotsTxtMode;
import static org.sitemapkit.internal.config.SettingsReader.statusViewMode;
import static org.sitemapkit.internal.config.SettingsReader.storeKind;

import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Every setting, declared once: its key, its documented default, an example, the line of
 * documentation, and how its text is parsed into {@link Settings}. The reader, its unknown-key
 * check and the configuration page (docs/configuration.md, compared in a test) all come from here.
 */
public final class SettingsTable {
    private SettingsTable() {}

    /**
     * One setting.
     *
     * @param key the key without the {@code sitemapkit.} prefix
     * @param type the Java type tools show for it (Spring's configuration metadata)
     * @param values the words it takes, when it takes only some; else empty
     * @param defaultText the default as the documentation writes it
     * @param example an example value, as documented
     * @param meaning the line of documentation
     * @param apply parses a value into the builder, refusing a bad one; null for a key an extension reads
     * @param shown the value as settings print it, null to leave it out; null for a key an extension reads
     */
    public record Key(
            String key,
            String type,
            List<String> values,
            String defaultText,
            String example,
            String meaning,
            BiConsumer<Settings.Builder, String> apply,
            Function<Settings, String> shown) {
        /**
         * The key's row of the configuration table.
         *
         * @return one Markdown table row
         */
        public String row() {
            return "| `" + key + "` | " + defaultText + " | " + example + " | " + meaning + " |";
        }
    }

    /** Every setting, in the order the documentation lists them. */
    public static final List<Key> KEYS = List.of(
            core(
                    "base-url",
                    "java.lang.String",
                    List.of(),
                    "none",
                    "`https://shop.example.com/`",
                    "the scheme, host, port and path every URL belongs to. When set, the request's `Host` header is ignored. Set it in production."),
            core(
                    "allowed-hosts",
                    "java.util.List<java.lang.String>",
                    List.of(),
                    "`localhost, 127.0.0.1, [::1]`",
                    "`shop.example.com, www.shop.example.com:8443`",
                    "without `base-url`: the hosts served, from the `Host` header. `host` matches the bare host or the port the request really arrived on; `host:port` matches exactly. Other hosts' requests go to the application untouched, with a warning."),
            core(
                    "max-urls",
                    "java.lang.Integer",
                    List.of(),
                    "`50000`",
                    "`10000`",
                    "URLs per page, 1 to 50,000; a section can ask for smaller pages in code (`.maxUrls(n)`, at most this), and a section of stable pages has 12,500 unless it asks (see [freshness](freshness.md))"),
            core(
                    "max-bytes",
                    "java.lang.Integer",
                    List.of(),
                    "`10485760`",
                    "`52428800`",
                    "uncompressed bytes per page, 1,024 to 52,428,800 (the protocol's limit); a page never exceeds it by one byte"),
            core(
                    "cache-ttl",
                    "java.time.Duration",
                    List.of(),
                    "`15m`",
                    "`90s`, `2h`, `1d`, `PT15M`",
                    "how long a rendered section is fresh; also the `max-age` sent to shared caches"),
            core(
                    "render-deadline",
                    "java.time.Duration",
                    List.of(),
                    "`10m`",
                    "`30m`",
                    "how long one render of a section may take; past it the render is abandoned (its stream closed, its thread interrupted) and logged once"),
            core(
                    "render-wait",
                    "java.time.Duration",
                    List.of(),
                    "`10s`",
                    "`0s`, `30s`",
                    "how long a request waits for a section's first render before it gets a 503 with `Retry-After` (0 to 5 minutes)"),
            core(
                    "index",
                    "java.lang.String",
                    List.of("auto", "always"),
                    "`auto`",
                    "`always`",
                    "`auto`: `/sitemap.xml` is the urlset itself when there is one page; `always`: always an index"),
            core(
                    "news-expired",
                    "java.lang.String",
                    List.of("plain", "skip"),
                    "`plain`",
                    "`skip`",
                    "what becomes of a news article published more than two days before the render, whose news block Google"
                            + " News no longer reads: `plain`, written as a plain URL; `skip`, left out and counted as"
                            + " `NEWS_EXPIRED`"),
            core(
                    "gzip-locs",
                    "java.lang.Boolean",
                    List.of(),
                    "`false`",
                    "`true`",
                    "list the `.xml.gz` pages in the index instead of the `.xml` ones"),
            core(
                    "gzip-level",
                    "java.lang.Integer",
                    List.of(),
                    "`6`",
                    "`1`, `9`",
                    "the deflate level of the pages, 1 (fastest) to 9 (smallest), taken at each section's next render;"
                            + " the ETags name the content, so they stay, but the nodes of a shared store should agree on it"
                            + " (time and size per level: [BENCHMARKS.md](../BENCHMARKS.md#gzip-levels))"),
            core(
                    "robots",
                    "java.lang.String",
                    List.of(),
                    "none",
                    "`/WEB-INF/robots-rules.txt`",
                    "a rules file in the web application (on the class path where the JAX-RS filter serves), appended to the application's robots.txt (or served alone when it has none)"),
            core(
                    "robots-txt",
                    "java.lang.String",
                    List.of("add-sitemap", "application"),
                    "`add-sitemap`",
                    "`application`",
                    "`application`: leave `/robots.txt` entirely to the application"),
            core(
                    "robots-check",
                    "java.lang.Boolean",
                    List.of(),
                    "`true`",
                    "`false`",
                    "leave out URLs the site's own robots.txt disallows to every crawler"),
            core(
                    "indexnow-key",
                    "java.lang.String",
                    List.of(),
                    "none",
                    "`0123456789abcdef`",
                    "an IndexNow key (8 to 128 of `a-z A-Z 0-9 -`), served at `/{key}.txt`; turns on submitting changed URLs (see [When data changes](freshness.md#indexnow-telling-search-engines-what-changed))"),
            core(
                    "indexnow-endpoint",
                    "java.lang.String",
                    List.of(),
                    "`https://api.indexnow.org/indexnow`",
                    "`https://www.bing.com/indexnow`",
                    "where IndexNow submissions go (an absolute `http` or `https` URL without user information or fragment)"),
            core(
                    "auto-register",
                    "java.lang.Boolean",
                    List.of(),
                    "`true`",
                    "`false`",
                    "`false` when `web.xml` or code maps the filter (read from context-params, system properties or the properties file)"),
            core("html", "java.lang.Boolean", List.of(), "`true`", "`false`", "serve `/sitemap.html`"),
            core(
                    "status-view",
                    "java.lang.String",
                    List.of("off", "loopback", "token"),
                    "`off`",
                    "`loopback`",
                    "who may see `/sitemap.html?status` (each section's state, age, skips, render audit and last failure):"
                            + " `off`, nobody (a 404); `loopback`, requests from this node that came through no proxy"
                            + " (the servlet filter only); `token`, requests with `Authorization: Bearer` and `status-token`"),
            core(
                    "status-token",
                    "java.lang.String",
                    List.of(),
                    "none",
                    "a random string of 16 or more characters",
                    "the bearer token that opens the status page with `status-view=token`"),
            core(
                    "health-down",
                    "java.lang.String",
                    List.of("never", "failing", "stale"),
                    "`never`",
                    "`failing`",
                    "when the `sitemapkit` health check (MicroProfile Health, Spring Boot Actuator) reports down:"
                            + " `never`, up with the stale and failing sections in its data; `failing`, while a section"
                            + " has no page to serve (503); `stale`, also while a section serves pages older than its"
                            + " last, failed, render"),
            core(
                    "store",
                    "java.lang.String",
                    List.of("memory", "disk", "jcache"),
                    "`memory`",
                    "`disk`, `jcache`",
                    "where rendered pages are kept (see [Big sites and several nodes](caching-and-stores.md#big-sites-and-several-nodes-the-page-store))"),
            core(
                    "store-dir",
                    "java.lang.String",
                    List.of(),
                    "the container's temporary directory + `/sitemapkit`",
                    "`/var/cache/sitemapkit`",
                    "the directory of the disk store"),
            core(
                    "jcache-cache",
                    "java.lang.String",
                    List.of(),
                    "`sitemapkit`",
                    "`shop-sitemaps`",
                    "the JCache cache of the JCache store (leases go in `<name>-leases`)"),
            core(
                    "render-lease",
                    "java.time.Duration",
                    List.of(),
                    "`3s`",
                    "`10s`",
                    "how long a node's claim to render a section lasts in a shared store unless renewed (every"
                            + " third of it): what a node that dies mid-render costs the others"),
            core(
                    "render-at-start",
                    "java.lang.Boolean",
                    List.of(),
                    "`true`",
                    "`false`",
                    "render missing or stale sections in the background when the filter starts (with `base-url`)"),
            core(
                    "max-sites",
                    "java.lang.Integer",
                    List.of(),
                    "`16`",
                    "`4`",
                    "how many sites (scheme, host, port) are cached at once when the `Host` header picks them; a further site answers 503 until one has been idle for `cache-ttl` (a warning at start-up when `allowed-hosts` lists more)"),
            core(
                    "additional-sitemaps",
                    "java.util.List<java.lang.String>",
                    List.of(),
                    "none",
                    "`/blog/sitemap.xml, https://shop.example.com/news.xml`",
                    "sitemaps the index lists beside SitemapKit's own pages, with no lastmod (a blog's on the same host): absolute URLs on the site's host, or paths from the host root. They count toward the 50,000 entries of an index, and `/sitemap.xml` becomes an index when there is one. SitemapKit does not serve them: their requests go down the chain to the application. One of SitemapKit's own documents, a malformed entry, or (with `base-url`) another host fails start-up"),
            core(
                    "exclude",
                    "java.util.List<java.lang.String>",
                    List.of(),
                    "none",
                    "`/cart$, /admin/, *.pdf$`",
                    "path patterns left out of every section, matched against a URL's path (not its query) as robots.txt matches: `*` any run of characters, a final `$` the end. An excluded URL is skipped, counted as `EXCLUDED` and logged like every skip"));

    /**
     * A key this table reads and shows. Its parsing and printing are the two switches of
     * {@link Core}, not a lambda each: sixty lambdas linked one by one were a tenth of a restarted
     * application's wait for its first answer.
     */
    private static Key core(
            String key, String type, List<String> values, String defaultText, String example, String meaning) {
        Core core = new Core(key);
        return new Key(key, type, values, defaultText, example, meaning, core, core);
    }

    /** How a core key's text becomes a setting, and how the setting is printed. */
    private static final class Core implements BiConsumer<Settings.Builder, String>, Function<Settings, String> {
        private final String key;

        Core(String key) {
            this.key = key;
        }

        @Override
        public void accept(Settings.Builder b, String v) {
            switch (key) {
                case "base-url" -> b.baseUrl(v);
                case "allowed-hosts" -> b.allowedHosts(list(v));
                case "max-urls" -> b.maxUrls(integer(v));
                case "max-bytes" -> b.maxBytes(integer(v));
                case "cache-ttl" -> b.cacheTtl(duration(v));
                case "render-deadline" -> b.renderDeadline(duration(v));
                case "render-wait" -> b.renderWait(duration(v));
                case "index" -> b.index(indexMode(v));
                case "news-expired" -> b.newsExpired(newsExpired(v));
                case "gzip-locs" -> b.gzipLocs(bool(v));
                case "gzip-level" -> b.gzipLevel(integer(v));
                case "robots" -> b.robots(v);
                case "robots-txt" -> b.robotsTxt(robotsTxtMode(v));
                case "robots-check" -> b.robotsCheck(bool(v));
                case "indexnow-key" -> b.indexnowKey(v);
                case "indexnow-endpoint" -> b.indexnowEndpoint(v);
                case "auto-register" -> b.autoRegister(bool(v));
                case "html" -> b.html(bool(v));
                case "status-view" -> b.statusView(statusViewMode(v));
                case "status-token" -> b.statusToken(v);
                case "health-down" -> b.healthDown(healthDown(v));
                case "store" -> b.store(storeKind(v));
                case "store-dir" -> b.storeDir(v);
                case "jcache-cache" -> b.jcacheCache(v);
                case "render-lease" -> b.renderLease(duration(v));
                case "render-at-start" -> b.renderAtStart(bool(v));
                case "max-sites" -> b.maxSites(integer(v));
                case "additional-sitemaps" -> b.additionalSitemaps(list(v));
                case "exclude" -> b.exclude(list(v));
                default -> throw new IllegalStateException("no parser for " + key);
            }
        }

        @Override
        public String apply(Settings s) {
            return switch (key) {
                case "base-url" -> String.valueOf(s.baseUrl().orElse(null));
                case "allowed-hosts" -> s.allowedHosts().toString();
                case "max-urls" -> String.valueOf(s.paging().maxUrls());
                case "max-bytes" -> String.valueOf(s.paging().maxBytes());
                case "cache-ttl" -> s.timing().cacheTtl().toString();
                case "render-deadline" -> s.timing().renderDeadline().toString();
                case "render-wait" -> s.timing().renderWait().toString();
                case "index" -> word(s.paging().index());
                case "news-expired" -> word(s.newsExpired());
                case "gzip-locs" -> String.valueOf(s.paging().gzipLocs());
                case "gzip-level" -> String.valueOf(s.gzipLevel());
                case "robots" -> String.valueOf(s.robots().file().orElse(null));
                case "robots-txt" -> word(s.robots().mode());
                case "robots-check" -> String.valueOf(s.robots().check());
                case "indexnow-key" -> s.indexnow().key().isPresent() ? "set" : "none";
                case "indexnow-endpoint" -> s.indexnow().endpoint().toString();
                case "auto-register" -> String.valueOf(s.autoRegister());
                case "html" -> String.valueOf(s.html());
                case "status-view" -> s.statusView().toString();
                case "status-token" -> s.statusView().token().isPresent() ? "set" : "none";
                case "health-down" -> word(s.healthDown());
                case "store" -> word(s.store().kind());
                case "store-dir" -> s.store().dir().orElse(null);
                case "jcache-cache" ->
                    s.store().kind() == Settings.StoreKind.JCACHE ? s.store().jcacheCache() : null;
                case "render-lease" -> s.timing().renderLease().toString();
                case "render-at-start" -> String.valueOf(s.timing().renderAtStart());
                case "max-sites" -> String.valueOf(s.maxSites());
                case "additional-sitemaps" ->
                    s.additionalSitemaps().isEmpty()
                            ? null
                            : s.additionalSitemaps().toString();
                case "exclude" ->
                    s.robots().exclude().isEmpty() ? null : s.robots().exclude().toString();
                default -> throw new IllegalStateException("no printer for " + key);
            };
        }
    }

    /** An enum's value as a setting writes it: {@code ADD_SITEMAP} is {@code add-sitemap}. */
    private static String word(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * Every setting and its value, as logs show them (a key's secret only as {@code set}).
     *
     * @param settings the settings
     * @param storeInCode whether the page store was given in code, so that no store setting chose it
     * @return {@code SitemapSettings{key=value, ...}}
     */
    static String toString(Settings settings, boolean storeInCode) {
        StringJoiner all = new StringJoiner(", ", "SitemapSettings{", "}");
        for (Key key : KEYS) {
            if (storeInCode && key.key().equals("store")) {
                all.add("store=set in code");
                continue;
            }
            if (storeInCode && (key.key().equals("store-dir") || key.key().equals("jcache-cache"))) {
                continue;
            }
            String value = key.shown().apply(settings);
            if (value != null) {
                all.add(key.key() + "=" + value);
            }
        }
        return all.toString();
    }

    /**
     * The configuration table as docs/configuration.md shows it.
     *
     * @return the header and one row per key
     */
    public static String markdown() {
        return "| key | default | example | meaning |\n|---|---|---|---|\n"
                + KEYS.stream().map(Key::row).collect(Collectors.joining("\n"))
                + "\n";
    }
}
