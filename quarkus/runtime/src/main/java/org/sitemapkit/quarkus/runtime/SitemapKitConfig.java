package org.sitemapkit.quarkus.runtime;

import io.quarkus.runtime.annotations.ConfigDocDefault;
import io.quarkus.runtime.annotations.ConfigPhase;
import io.quarkus.runtime.annotations.ConfigRoot;
import io.smallrye.config.ConfigMapping;
import java.util.Optional;

/**
 * SitemapKit's settings, declared to Quarkus so that its configuration reference, Dev UI and IDE
 * completion list them. SitemapKit reads and checks the values itself, as on every runtime: each is
 * text here. Generated from the settings table by SitemapKitConfigTest ({@code -Dconfig.update=true}).
 */
@ConfigMapping(prefix = "sitemapkit")
@ConfigRoot(phase = ConfigPhase.RUN_TIME)
public interface SitemapKitConfig {
    /**
     * The scheme, host, port and path every URL belongs to. When set, the request's <code>Host</code> header is
     * ignored. Set it in production. For a servlet application at a context path, an origin alone means the origin plus
     * that path (see <code>base-url-as-written</code>).
     *
     * @return the value of {@code sitemapkit.base-url}, for example <code>https://shop.example.com/</code>; when unset,
     *     none
     */
    Optional<String> baseUrl();

    /**
     * For a proxy that serves a servlet application at another path than its context path (one that strips
     * <code>/shop</code>): <code>base-url</code> is taken as written, an origin alone included. Without it, a
     * <code>base-url</code> whose path is neither empty nor the context path fails start-up, naming both.
     *
     * @return the value of {@code sitemapkit.base-url-as-written}, for example <code>true</code>; when unset,
     *     <code>false</code>
     */
    @ConfigDocDefault("false")
    Optional<String> baseUrlAsWritten();

    /**
     * Without <code>base-url</code>: the hosts served, from the <code>Host</code> header. <code>host</code> matches the
     * bare host or the port the request really arrived on; <code>host:port</code> matches exactly. Other hosts'
     * requests go to the application untouched, with a warning.
     *
     * @return the value of {@code sitemapkit.allowed-hosts}, for example <code>shop.example.com,
     *     www.shop.example.com:8443</code>; when unset, <code>localhost, 127.0.0.1, [::1]</code>
     */
    @ConfigDocDefault("localhost, 127.0.0.1, [::1]")
    Optional<String> allowedHosts();

    /**
     * URLs per page, 1 to 50,000; a section can ask for smaller pages in code (<code>.maxUrls(n)</code>, at most this),
     * and a section of stable pages has 12,500 unless it asks (see freshness).
     *
     * @return the value of {@code sitemapkit.max-urls}, for example <code>10000</code>; when unset, <code>50000</code>
     */
    @ConfigDocDefault("50000")
    Optional<String> maxUrls();

    /**
     * Uncompressed bytes per page, 1,024 to 52,428,800 (the protocol's limit); a page never exceeds it by one byte.
     *
     * @return the value of {@code sitemapkit.max-bytes}, for example <code>52428800</code>; when unset,
     *     <code>10485760</code>
     */
    @ConfigDocDefault("10485760")
    Optional<String> maxBytes();

    /**
     * How long a rendered section is fresh; also the <code>max-age</code> sent to shared caches.
     *
     * @return the value of {@code sitemapkit.cache-ttl}, for example <code>90s</code>, <code>2h</code>,
     *     <code>1d</code>, <code>PT15M</code>; when unset, <code>15m</code>
     */
    @ConfigDocDefault("15m")
    Optional<String> cacheTtl();

    /**
     * How long one render of a section may take; past it the render is abandoned (its stream closed, its thread
     * interrupted) and logged once.
     *
     * @return the value of {@code sitemapkit.render-deadline}, for example <code>30m</code>; when unset,
     *     <code>10m</code>
     */
    @ConfigDocDefault("10m")
    Optional<String> renderDeadline();

    /**
     * How long a request waits for a section's first render before it gets a 503 with <code>Retry-After</code> (0 to 5
     * minutes).
     *
     * @return the value of {@code sitemapkit.render-wait}, for example <code>0s</code>, <code>30s</code>; when unset,
     *     <code>10s</code>
     */
    @ConfigDocDefault("10s")
    Optional<String> renderWait();

    /**
     * <code>auto</code>: <code>/sitemap.xml</code> is the urlset itself when there is one page; <code>always</code>:
     * always an index.
     *
     * @return the value of {@code sitemapkit.index}, for example <code>always</code>; when unset, <code>auto</code>
     */
    @ConfigDocDefault("auto")
    Optional<String> index();

    /**
     * What becomes of a news article published more than two days before the render, whose news block Google News no
     * longer reads: <code>plain</code>, written as a plain URL; <code>skip</code>, left out and counted as
     * <code>NEWS_EXPIRED</code>.
     *
     * @return the value of {@code sitemapkit.news-expired}, for example <code>skip</code>; when unset,
     *     <code>plain</code>
     */
    @ConfigDocDefault("plain")
    Optional<String> newsExpired();

    /**
     * List the <code>.xml.gz</code> pages in the index instead of the <code>.xml</code> ones.
     *
     * @return the value of {@code sitemapkit.gzip-locs}, for example <code>true</code>; when unset, <code>false</code>
     */
    @ConfigDocDefault("false")
    Optional<String> gzipLocs();

    /**
     * The deflate level of the pages, 1 (fastest) to 9 (smallest), taken at each section's next render; the ETags name
     * the content, so they stay, but the nodes of a shared store should agree on it (time and size per level:
     * BENCHMARKS.md).
     *
     * @return the value of {@code sitemapkit.gzip-level}, for example <code>1</code>, <code>9</code>; when unset,
     *     <code>6</code>
     */
    @ConfigDocDefault("6")
    Optional<String> gzipLevel();

    /**
     * A rules file in the web application (on the class path where the JAX-RS filter serves), appended to the
     * application's robots.txt (or served alone when it has none).
     *
     * @return the value of {@code sitemapkit.robots}, for example <code>/WEB-INF/robots-rules.txt</code>; when unset,
     *     none
     */
    Optional<String> robots();

    /**
     * <code>application</code>: leave <code>/robots.txt</code> entirely to the application.
     *
     * @return the value of {@code sitemapkit.robots-txt}, for example <code>application</code>; when unset,
     *     <code>add-sitemap</code>
     */
    @ConfigDocDefault("add-sitemap")
    Optional<String> robotsTxt();

    /**
     * Leave out URLs the site's own robots.txt disallows to every crawler.
     *
     * @return the value of {@code sitemapkit.robots-check}, for example <code>false</code>; when unset,
     *     <code>true</code>
     */
    @ConfigDocDefault("true")
    Optional<String> robotsCheck();

    /**
     * An IndexNow key (8 to 128 of <code>a-z A-Z 0-9 -</code>), served at <code>/&#123;key&#125;.txt</code>; turns on
     * submitting changed URLs (see When data changes).
     *
     * @return the value of {@code sitemapkit.indexnow-key}, for example <code>0123456789abcdef</code>; when unset, none
     */
    Optional<String> indexnowKey();

    /**
     * Where IndexNow submissions go (an absolute <code>http</code> or <code>https</code> URL without user information
     * or fragment).
     *
     * @return the value of {@code sitemapkit.indexnow-endpoint}, for example
     *     <code>https://www.bing.com/indexnow</code>; when unset, <code>https://api.indexnow.org/indexnow</code>
     */
    @ConfigDocDefault("https://api.indexnow.org/indexnow")
    Optional<String> indexnowEndpoint();

    /**
     * <code>false</code> when <code>web.xml</code> or code maps the filter (read from context-params, system properties
     * or the properties file).
     *
     * @return the value of {@code sitemapkit.auto-register}, for example <code>false</code>; when unset,
     *     <code>true</code>
     */
    @ConfigDocDefault("true")
    Optional<String> autoRegister();

    /**
     * Serve <code>/sitemap.html</code>.
     *
     * @return the value of {@code sitemapkit.html}, for example <code>false</code>; when unset, <code>true</code>
     */
    @ConfigDocDefault("true")
    Optional<String> html();

    /**
     * Who may see <code>/sitemap.html?status</code> (each section's state, age, skips, render audit and last failure):
     * <code>off</code>, nobody (a 404); <code>loopback</code>, requests from this node that came through no proxy (the
     * servlet filter, and the JAX-RS filter on Quarkus REST); <code>token</code>, requests with <code>Authorization:
     * Bearer</code> and <code>status-token</code>.
     *
     * @return the value of {@code sitemapkit.status-view}, for example <code>loopback</code>; when unset,
     *     <code>off</code>
     */
    @ConfigDocDefault("off")
    Optional<String> statusView();

    /**
     * The bearer token that opens the status page with <code>status-view=token</code>.
     *
     * @return the value of {@code sitemapkit.status-token}, for example a random string of 16 or more characters; when
     *     unset, none
     */
    Optional<String> statusToken();

    /**
     * When the <code>sitemapkit</code> health check (MicroProfile Health, Spring Boot Actuator) reports down:
     * <code>never</code>, up with the stale and failing sections in its data; <code>failing</code>, while a section has
     * no page to serve (503); <code>stale</code>, also while a section serves pages older than its last, failed,
     * render.
     *
     * @return the value of {@code sitemapkit.health-down}, for example <code>failing</code>; when unset,
     *     <code>never</code>
     */
    @ConfigDocDefault("never")
    Optional<String> healthDown();

    /**
     * Where rendered pages are kept (see Big sites and several nodes).
     *
     * @return the value of {@code sitemapkit.store}, for example <code>disk</code>, <code>jcache</code>; when unset,
     *     <code>memory</code>
     */
    @ConfigDocDefault("memory")
    Optional<String> store();

    /**
     * The directory of the disk store.
     *
     * @return the value of {@code sitemapkit.store-dir}, for example <code>/var/cache/sitemapkit</code>; when unset,
     *     the container's temporary directory + <code>/sitemapkit</code>
     */
    Optional<String> storeDir();

    /**
     * The JCache cache of the JCache store (leases go in <code>&lt;name&gt;-leases</code>).
     *
     * @return the value of {@code sitemapkit.jcache-cache}, for example <code>shop-sitemaps</code>; when unset,
     *     <code>sitemapkit</code>
     */
    @ConfigDocDefault("sitemapkit")
    Optional<String> jcacheCache();

    /**
     * How long a node's claim to render a section lasts in a shared store unless renewed (every third of it): what a
     * node that dies mid-render costs the others.
     *
     * @return the value of {@code sitemapkit.render-lease}, for example <code>10s</code>; when unset, <code>3s</code>
     */
    @ConfigDocDefault("3s")
    Optional<String> renderLease();

    /**
     * How long a stopping application waits for the renders of the changes it acknowledged before it hands them over (a
     * disk or JCache store keeps them for the next start or another node).
     *
     * @return the value of {@code sitemapkit.stop-wait}, for example <code>0s</code>, <code>30s</code>; when unset,
     *     <code>5s</code>
     */
    @ConfigDocDefault("5s")
    Optional<String> stopWait();

    /**
     * Render missing or stale sections in the background when the filter starts (with <code>base-url</code>).
     *
     * @return the value of {@code sitemapkit.render-at-start}, for example <code>false</code>; when unset,
     *     <code>true</code>
     */
    @ConfigDocDefault("true")
    Optional<String> renderAtStart();

    /**
     * How many sites (scheme, host, port) are cached at once when the <code>Host</code> header picks them; a further
     * site answers 503 until one has been idle for <code>cache-ttl</code> (a warning at start-up when
     * <code>allowed-hosts</code> lists more).
     *
     * @return the value of {@code sitemapkit.max-sites}, for example <code>4</code>; when unset, <code>16</code>
     */
    @ConfigDocDefault("16")
    Optional<String> maxSites();

    /**
     * Sitemaps the index lists beside SitemapKit's own pages, with no lastmod (a blog's on the same host): absolute
     * URLs on the site's host, or paths from the host root. They count toward the 50,000 entries of an index, and
     * <code>/sitemap.xml</code> becomes an index when there is one. SitemapKit does not serve them: their requests go
     * down the chain to the application. One of SitemapKit's own documents, a malformed entry, or (with
     * <code>base-url</code>) another host fails start-up.
     *
     * @return the value of {@code sitemapkit.additional-sitemaps}, for example <code>/blog/sitemap.xml,
     *     https://shop.example.com/news.xml</code>; when unset, none
     */
    Optional<String> additionalSitemaps();

    /**
     * Path patterns left out of every section, matched against a URL's path (not its query) as robots.txt matches:
     * <code>*</code> any run of characters, a final <code>$</code> the end. An excluded URL is skipped, counted as
     * <code>EXCLUDED</code> and logged like every skip.
     *
     * @return the value of {@code sitemapkit.exclude}, for example <code>/cart$, /admin/, *.pdf$</code>; when unset,
     *     none
     */
    Optional<String> exclude();

    /**
     * Where lastmods come from: <code>source</code>, as the sources give them (none when they give none);
     * <code>content</code>, also for a URL whose source gives none, the time its entry first appeared or last changed,
     * kept in the page store with the pages (see A lastmod that moves only on real change).
     *
     * @return the value of {@code sitemapkit.lastmod}, for example <code>content</code>; when unset,
     *     <code>source</code>
     */
    @ConfigDocDefault("source")
    Optional<String> lastmod();

    /**
     * After each render, ask the application for the URLs it lists and check each answer as a crawler does: status 200
     * without redirect, no <code>noindex</code>, a canonical naming itself, hreflang alternates the page confirms (see
     * Page verification): <code>sample</code>, <code>verify-sample</code> URLs per section and render;
     * <code>all</code>, every URL the render wrote; <code>off</code>, none.
     *
     * @return the value of {@code sitemapkit.verify}, for example <code>off</code>, <code>all</code>; when unset,
     *     <code>sample</code>
     */
    @ConfigDocDefault("sample")
    Optional<String> verify();

    /**
     * How many URLs of a section <code>verify=sample</code> checks after a render, spread over the pages the render
     * wrote.
     *
     * @return the value of {@code sitemapkit.verify-sample}, for example <code>100</code>; when unset, <code>20</code>
     */
    @ConfigDocDefault("20")
    Optional<String> verifySample();

    /**
     * What a failed check does: <code>report</code>, in the status views, the meters and a WARNING line;
     * <code>exclude</code>, also leaves the URL out of the next render of its section (skip reason
     * <code>FAILED_VERIFICATION</code>) until a later check passes.
     *
     * @return the value of {@code sitemapkit.verify-action}, for example <code>exclude</code>; when unset,
     *     <code>report</code>
     */
    @ConfigDocDefault("report")
    Optional<String> verifyAction();

    /**
     * How long one page may take to answer before its check is abandoned and counted as <code>TIMEOUT</code>.
     *
     * @return the value of {@code sitemapkit.verify-timeout}, for example <code>3s</code>; when unset, <code>10s</code>
     */
    @ConfigDocDefault("10s")
    Optional<String> verifyTimeout();

    /**
     * How many pages are asked at once.
     *
     * @return the value of {@code sitemapkit.verify-concurrency}, for example <code>8</code>; when unset,
     *     <code>2</code>
     */
    @ConfigDocDefault("2")
    Optional<String> verifyConcurrency();

    /**
     * How many pages are asked per second at most.
     *
     * @return the value of {@code sitemapkit.verify-rate}, for example <code>200</code>; when unset, <code>20</code>
     */
    @ConfigDocDefault("20")
    Optional<String> verifyRate();

    /**
     * A plain-HTTP address of this application that checks are sent to, with each URL's host in the request; for
     * runtimes that cannot tell their own address (the JAX-RS filter on Helidon or Jersey's own servers) or a connector
     * that speaks only TLS.
     *
     * @return the value of {@code sitemapkit.verify-origin}, for example <code>http://127.0.0.1:8080</code>; when
     *     unset, the address the first request arrived on (the servlet container's own connector)
     */
    Optional<String> verifyOrigin();

    /**
     * The {@code sitemapkit.jaxrs.*} keys.
     *
     * @return those settings
     */
    Jaxrs jaxrs();

    /** The {@code sitemapkit.jaxrs.*} keys. */
    interface Jaxrs {
        /**
         * Read by <code>sitemapkit-jaxrs</code> only (context-param, system property, the properties file, or Spring's
         * <code>Environment</code>): where the JAX-RS application answers, when it cannot be found out.
         *
         * @return the value of {@code sitemapkit.jaxrs.base-path}, for example <code>/api</code>; when unset, the
         *     JAX-RS mapping
         */
        Optional<String> basePath();
    }
}
