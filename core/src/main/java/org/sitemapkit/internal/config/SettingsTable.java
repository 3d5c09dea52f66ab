package org.sitemapkit.internal.config;

import static org.sitemapkit.internal.config.Type.BOOL;
import static org.sitemapkit.internal.config.Type.DURATION;
import static org.sitemapkit.internal.config.Type.HOSTS;
import static org.sitemapkit.internal.config.Type.HTTP_URL;
import static org.sitemapkit.internal.config.Type.INT;
import static org.sitemapkit.internal.config.Type.PATH_PATTERNS;
import static org.sitemapkit.internal.config.Type.SITE;
import static org.sitemapkit.internal.config.Type.SITEMAPS;
import static org.sitemapkit.internal.config.Type.TEXT;
import static org.sitemapkit.internal.config.Type.words;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import java.util.stream.Collectors;
import org.sitemapkit.internal.config.Setting.Group;
import org.sitemapkit.internal.config.Setting.Shown;
import org.sitemapkit.internal.render.PageOptions;
import org.sitemapkit.internal.status.Health;
import org.sitemapkit.model.Site;

/**
 * Every setting, declared once, in the order the documentation lists them: its key, the group of
 * {@link Settings} that reads it, its {@link Type} (parsing, what it refuses, printing), its default,
 * and its row of docs/configuration.md. The readers, {@link Settings} (which keeps, compares and
 * prints the values), the start-up line and Spring's metadata all take a key from here.
 *
 * <p>A new key is a declaration below, read by the engine with {@code settings.get(KEY)} or an
 * accessor of its group. The tests then ask for what shows it: its row in docs/configuration.md
 * (SettingsTableTest prints the table), Spring's metadata ({@code -Dmetadata.update=true}), and its
 * typed method in {@code SitemapSettings.Builder} (with {@code -Dapi.update=true} and a CHANGELOG line).
 */
public final class SettingsTable {
    private SettingsTable() {}

    /** The endpoint that shares submissions with every search engine taking part. */
    public static final String DEFAULT_INDEXNOW_ENDPOINT = "https://api.indexnow.org/indexnow";

    private static final Type<Duration> AT_LEAST_A_SECOND =
            DURATION.between(Duration.ofSeconds(1), null, "at least one second");

    /** The declarations so far, in order; {@link #KEYS} when all are made. */
    private static final List<Setting<?>> declared = new ArrayList<>();

    public static final Setting<Site> BASE_URL = key("base-url", Group.GENERAL, SITE, null)
            .doc(
                    "none",
                    "`https://shop.example.com/`",
                    "the scheme, host, port and path every URL belongs to. When set, the request's `Host` header is ignored. Set it in production. For a servlet application at a context path, an origin alone means the origin plus that path (see `base-url-as-written`).");

    public static final Setting<Boolean> BASE_URL_AS_WRITTEN = key("base-url-as-written", Group.GENERAL, BOOL, false)
            .doc(
                    "`false`",
                    "`true`",
                    "for a proxy that serves a servlet application at another path than its context path (one that strips `/shop`): `base-url` is taken as written, an origin alone included. Without it, a `base-url` whose path is neither empty nor the context path fails start-up, naming both");

    public static final Setting<List<String>> ALLOWED_HOSTS = key(
                    "allowed-hosts", Group.GENERAL, HOSTS, List.of("localhost", "127.0.0.1", "[::1]"))
            .doc(
                    "`localhost, 127.0.0.1, [::1]`",
                    "`shop.example.com, www.shop.example.com:8443`",
                    "without `base-url`: the hosts served, from the `Host` header. `host` matches the bare host or the port the request really arrived on; `host:port` matches exactly. Other hosts' requests go to the application untouched, with a warning.");

    public static final Setting<Integer> MAX_URLS = key(
                    "max-urls", Group.PAGING, INT.between(1, PageOptions.MAX_URLS), PageOptions.MAX_URLS)
            .doc(
                    "`50000`",
                    "`10000`",
                    "URLs per page, 1 to 50,000; a section can ask for smaller pages in code (`.maxUrls(n)`, at most this), and a section of stable pages has 12,500 unless it asks (see [freshness](freshness.md))");

    public static final Setting<Integer> MAX_BYTES = key(
                    "max-bytes",
                    Group.PAGING,
                    INT.between(PageOptions.MIN_BYTES, PageOptions.MAX_BYTES),
                    PageOptions.DEFAULT_MAX_BYTES)
            .doc(
                    "`10485760`",
                    "`52428800`",
                    "uncompressed bytes per page, 1,024 to 52,428,800 (the protocol's limit); a page never exceeds it by one byte");

    public static final Setting<Duration> CACHE_TTL = key(
                    "cache-ttl", Group.TIMING, AT_LEAST_A_SECOND, Duration.ofMinutes(15))
            .doc(
                    "`15m`",
                    "`90s`, `2h`, `1d`, `PT15M`",
                    "how long a rendered section is fresh; also the `max-age` sent to shared caches");

    public static final Setting<Duration> RENDER_DEADLINE = key(
                    "render-deadline", Group.TIMING, AT_LEAST_A_SECOND, Duration.ofMinutes(10))
            .doc(
                    "`10m`",
                    "`30m`",
                    "how long one render of a section may take; past it the render is abandoned (its stream closed, its thread interrupted) and logged once");

    public static final Setting<Duration> RENDER_WAIT = key(
                    "render-wait",
                    Group.TIMING,
                    DURATION.between(Duration.ZERO, Duration.ofMinutes(5), "0 to 5 minutes"),
                    Duration.ofSeconds(10))
            .doc(
                    "`10s`",
                    "`0s`, `30s`",
                    "how long a request waits for a section's first render before it gets a 503 with `Retry-After` (0 to 5 minutes)");

    public static final Setting<Settings.IndexMode> INDEX = key(
                    "index", Group.PAGING, words(Settings.IndexMode.values()), Settings.IndexMode.AUTO)
            .doc(
                    "`auto`",
                    "`always`",
                    "`auto`: `/sitemap.xml` is the urlset itself when there is one page; `always`: always an index");

    public static final Setting<PageOptions.NewsExpired> NEWS_EXPIRED = key(
                    "news-expired",
                    Group.GENERAL,
                    words(PageOptions.NewsExpired.values()),
                    PageOptions.NewsExpired.PLAIN)
            .doc(
                    "`plain`",
                    "`skip`",
                    "what becomes of a news article published more than two days before the render, whose news block Google"
                            + " News no longer reads: `plain`, written as a plain URL; `skip`, left out and counted as"
                            + " `NEWS_EXPIRED`");

    public static final Setting<Boolean> GZIP_LOCS = key("gzip-locs", Group.PAGING, BOOL, false)
            .doc("`false`", "`true`", "list the `.xml.gz` pages in the index instead of the `.xml` ones");

    public static final Setting<Integer> GZIP_LEVEL = key("gzip-level", Group.GENERAL, INT.between(1, 9), 6)
            .doc(
                    "`6`",
                    "`1`, `9`",
                    "the deflate level of the pages, 1 (fastest) to 9 (smallest), taken at each section's next render;"
                            + " the ETags name the content, so they stay, but the nodes of a shared store should agree on it"
                            + " (time and size per level: [BENCHMARKS.md](../BENCHMARKS.md#gzip-levels))");

    public static final Setting<String> ROBOTS = key(
                    "robots",
                    Group.ROBOTS,
                    TEXT.matching(
                            "(?s)/.*",
                            "must be a path starting with '/': in the web application, such as /WEB-INF/robots.txt, or on the class path where the JAX-RS filter serves (Quarkus, Helidon), such as /robots-rules.txt"),
                    null)
            .doc(
                    "none",
                    "`/WEB-INF/robots-rules.txt`",
                    "a rules file in the web application (on the class path where the JAX-RS filter serves), appended to the application's robots.txt (or served alone when it has none)");

    public static final Setting<Settings.RobotsTxtMode> ROBOTS_TXT = key(
                    "robots-txt",
                    Group.ROBOTS,
                    words(Settings.RobotsTxtMode.values()),
                    Settings.RobotsTxtMode.ADD_SITEMAP)
            .doc("`add-sitemap`", "`application`", "`application`: leave `/robots.txt` entirely to the application");

    public static final Setting<Boolean> ROBOTS_CHECK = key("robots-check", Group.ROBOTS, BOOL, true)
            .doc("`true`", "`false`", "leave out URLs the site's own robots.txt disallows to every crawler");

    public static final Setting<String> INDEXNOW_KEY = key(
                    "indexnow-key",
                    Group.INDEXNOW,
                    TEXT.matching("[A-Za-z0-9-]{8,128}", "must be 8 to 128 of a-z, A-Z, 0-9 and '-'"),
                    null)
            .shown(Shown.SECRET)
            .doc(
                    "none",
                    "`0123456789abcdef`",
                    "an IndexNow key (8 to 128 of `a-z A-Z 0-9 -`), served at `/{key}.txt`; turns on submitting changed URLs (see [When data changes](freshness.md#indexnow-telling-search-engines-what-changed))");

    public static final Setting<URI> INDEXNOW_ENDPOINT = key(
                    "indexnow-endpoint", Group.INDEXNOW, HTTP_URL, URI.create(DEFAULT_INDEXNOW_ENDPOINT))
            .doc(
                    "`https://api.indexnow.org/indexnow`",
                    "`https://www.bing.com/indexnow`",
                    "where IndexNow submissions go (an absolute `http` or `https` URL without user information or fragment)");

    public static final Setting<Boolean> AUTO_REGISTER = key("auto-register", Group.GENERAL, BOOL, true)
            .doc(
                    "`true`",
                    "`false`",
                    "`false` when `web.xml` or code maps the filter (read from context-params, system properties or the properties file)");

    public static final Setting<Boolean> HTML =
            key("html", Group.GENERAL, BOOL, true).doc("`true`", "`false`", "serve `/sitemap.html`");

    public static final Setting<Settings.StatusViewMode> STATUS_VIEW = key(
                    "status-view", Group.GENERAL, words(Settings.StatusViewMode.values()), Settings.StatusViewMode.OFF)
            .doc(
                    "`off`",
                    "`loopback`",
                    "who may see `/sitemap.html?status` (each section's state, age, skips, render audit and last failure):"
                            + " `off`, nobody (a 404); `loopback`, requests from this node that came through no proxy"
                            + " (the servlet filter, and the JAX-RS filter on Quarkus REST); `token`, requests with `Authorization: Bearer`"
                            + " and `status-token`");

    public static final Setting<String> STATUS_TOKEN = key(
                    "status-token",
                    Group.GENERAL,
                    TEXT.matching("[!-~]{16,}", "must be at least 16 printable ASCII characters without spaces"),
                    null)
            .shown(Shown.SECRET)
            .doc(
                    "none",
                    "a random string of 16 or more characters",
                    "the bearer token that opens the status page with `status-view=token`");

    public static final Setting<Health.DownWhen> HEALTH_DOWN = key(
                    "health-down", Group.GENERAL, words(Health.DownWhen.values()), Health.DownWhen.NEVER)
            .doc(
                    "`never`",
                    "`failing`",
                    "when the `sitemapkit` health check (MicroProfile Health, Spring Boot Actuator) reports down:"
                            + " `never`, up with the stale and failing sections in its data; `failing`, while a section"
                            + " has no page to serve (503); `stale`, also while a section serves pages older than its"
                            + " last, failed, render");

    public static final Setting<Settings.StoreKind> STORE = key(
                    "store", Group.STORE, words(Settings.StoreKind.values()), Settings.StoreKind.MEMORY)
            .doc(
                    "`memory`",
                    "`disk`, `jcache`",
                    "where rendered pages are kept (see [Big sites and several nodes](caching-and-stores.md#big-sites-and-several-nodes-the-page-store))");

    public static final Setting<String> STORE_DIR = key(
                    "store-dir", Group.STORE, TEXT.notBlank(Integer.MAX_VALUE, "must name a directory"), null)
            .shown(Shown.WHEN_SET)
            .doc(
                    "the container's temporary directory + `/sitemapkit`",
                    "`/var/cache/sitemapkit`",
                    "the directory of the disk store");

    public static final Setting<String> JCACHE_CACHE = key(
                    "jcache-cache",
                    Group.STORE,
                    TEXT.notBlank(200, "must be a cache name of 1 to 200 characters"),
                    "sitemapkit")
            .shownOnlyWith(STORE, Settings.StoreKind.JCACHE)
            .doc(
                    "`sitemapkit`",
                    "`shop-sitemaps`",
                    "the JCache cache of the JCache store (leases go in `<name>-leases`)");

    public static final Setting<Duration> RENDER_LEASE = key(
                    "render-lease", Group.TIMING, AT_LEAST_A_SECOND, Duration.ofSeconds(3))
            .doc(
                    "`3s`",
                    "`10s`",
                    "how long a node's claim to render a section lasts in a shared store unless renewed (every"
                            + " third of it): what a node that dies mid-render costs the others");

    public static final Setting<Duration> STOP_WAIT = key(
                    "stop-wait",
                    Group.TIMING,
                    DURATION.between(Duration.ZERO, Duration.ofMinutes(5), "0 to 5 minutes"),
                    Duration.ofSeconds(5))
            .doc(
                    "`5s`",
                    "`0s`, `30s`",
                    "how long a stopping application waits for the renders of the changes it acknowledged before it"
                            + " hands them over (a disk or JCache store keeps them for the next start or another node)");

    public static final Setting<Boolean> RENDER_AT_START = key("render-at-start", Group.TIMING, BOOL, true)
            .doc(
                    "`true`",
                    "`false`",
                    "render missing or stale sections in the background when the filter starts (with `base-url`)");

    public static final Setting<Integer> MAX_SITES = key("max-sites", Group.GENERAL, INT.between(1, 1024), 16)
            .doc(
                    "`16`",
                    "`4`",
                    "how many sites (scheme, host, port) are cached at once when the `Host` header picks them; a further site answers 503 until one has been idle for `cache-ttl` (a warning at start-up when `allowed-hosts` lists more)");

    public static final Setting<List<String>> ADDITIONAL_SITEMAPS = key(
                    "additional-sitemaps", Group.GENERAL, SITEMAPS, List.of())
            .shown(Shown.WHEN_SET)
            .doc(
                    "none",
                    "`/blog/sitemap.xml, https://shop.example.com/news.xml`",
                    "sitemaps the index lists beside SitemapKit's own pages, with no lastmod (a blog's on the same host): absolute URLs on the site's host, or paths from the host root. They count toward the 50,000 entries of an index, and `/sitemap.xml` becomes an index when there is one. SitemapKit does not serve them: their requests go down the chain to the application. One of SitemapKit's own documents, a malformed entry, or (with `base-url`) another host fails start-up");

    public static final Setting<List<String>> EXCLUDE = key("exclude", Group.ROBOTS, PATH_PATTERNS, List.of())
            .shown(Shown.WHEN_SET)
            .doc(
                    "none",
                    "`/cart$, /admin/, *.pdf$`",
                    "path patterns left out of every section, matched against a URL's path (not its query) as robots.txt matches: `*` any run of characters, a final `$` the end. An excluded URL is skipped, counted as `EXCLUDED` and logged like every skip");

    public static final Setting<Settings.LastmodMode> LASTMOD = key(
                    "lastmod", Group.GENERAL, words(Settings.LastmodMode.values()), Settings.LastmodMode.SOURCE)
            .doc(
                    "`source`",
                    "`content`",
                    "where lastmods come from: `source`, as the sources give them (none when they give none); `content`, also for a URL whose source gives none, the time its entry first appeared or last changed, kept in the page store with the pages (see [A lastmod that moves only on real change](freshness.md#lastmodcontent-a-lastmod-that-moves-only-on-real-change))");

    public static final Setting<Settings.VerifyMode> VERIFY = key(
                    "verify", Group.VERIFY, words(Settings.VerifyMode.values()), Settings.VerifyMode.SAMPLE)
            .doc(
                    "`sample`",
                    "`off`, `all`",
                    "after each render, ask the application for the URLs it lists and check each answer as a crawler does: status 200 without redirect, no `noindex`, a canonical naming itself, hreflang alternates the page confirms (see [Page verification](operations.md#page-verification)): `sample`, `verify-sample` URLs per section and render; `all`, every URL the render wrote; `off`, none");

    public static final Setting<Integer> VERIFY_SAMPLE = key("verify-sample", Group.VERIFY, INT.between(1, 10_000), 20)
            .shownOnlyWith(VERIFY, Settings.VerifyMode.SAMPLE)
            .doc(
                    "`20`",
                    "`100`",
                    "how many URLs of a section `verify=sample` checks after a render, spread over the pages the render wrote");

    public static final Setting<Settings.VerifyAction> VERIFY_ACTION = key(
                    "verify-action", Group.VERIFY, words(Settings.VerifyAction.values()), Settings.VerifyAction.REPORT)
            .doc(
                    "`report`",
                    "`exclude`",
                    "what a failed check does: `report`, in the status views, the meters and a WARNING line; `exclude`, also leaves the URL out of the next render of its section (skip reason `FAILED_VERIFICATION`) until a later check passes");

    public static final Setting<Duration> VERIFY_TIMEOUT = key(
                    "verify-timeout",
                    Group.VERIFY,
                    DURATION.between(Duration.ofMillis(100), Duration.ofMinutes(5), "100ms to 5 minutes"),
                    Duration.ofSeconds(10))
            .doc(
                    "`10s`",
                    "`3s`",
                    "how long one page may take to answer before its check is abandoned and counted as `TIMEOUT`");

    public static final Setting<Integer> VERIFY_CONCURRENCY = key(
                    "verify-concurrency", Group.VERIFY, INT.between(1, 64), 2)
            .doc("`2`", "`8`", "how many pages are asked at once");

    public static final Setting<Integer> VERIFY_RATE = key("verify-rate", Group.VERIFY, INT.between(1, 10_000), 20)
            .doc("`20`", "`200`", "how many pages are asked per second at most");

    public static final Setting<URI> VERIFY_ORIGIN = key("verify-origin", Group.VERIFY, HTTP_URL, null)
            .doc(
                    "the address the first request arrived on (the servlet container's own connector)",
                    "`http://127.0.0.1:8080`",
                    "a plain-HTTP address of this application that checks are sent to, with each URL's host in the request; for runtimes that cannot tell their own address (the JAX-RS filter on Helidon or Jersey's own servers) or a connector that speaks only TLS");

    /** Every setting, in the order the documentation lists them. */
    public static final List<Setting<?>> KEYS = List.copyOf(declared);

    /** Starts the declaration of a core key; its {@code doc(...)} ends it and appends it to {@link #KEYS}. */
    private static <T> Setting.Draft<T> key(String key, Group group, Type<T> type, T defaultValue) {
        return new Setting.Draft<>(key, group, type, defaultValue, declared);
    }

    /**
     * Every setting and its value, as logs show them (a secret only as {@code set}).
     *
     * @param settings the settings
     * @param storeInCode whether the page store was given in code, so that no store setting chose it
     * @return {@code SitemapSettings{key=value, ...}}
     */
    static String toString(Settings settings, boolean storeInCode) {
        StringJoiner all = new StringJoiner(", ", "SitemapSettings{", "}");
        for (Setting<?> key : KEYS) {
            if (storeInCode && key.group() == Group.STORE) {
                if (key == STORE) {
                    all.add("store=set in code");
                }
                continue;
            }
            String value = key.shown(settings);
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
                + KEYS.stream().map(Setting::row).collect(Collectors.joining("\n"))
                + "\n";
    }
}
