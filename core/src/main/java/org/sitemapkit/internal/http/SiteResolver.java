package org.sitemapkit.internal.http;

import java.lang.System.Logger.Level;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.sitemapkit.internal.LogText;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.model.Site;

/**
 * Decides which site a request is for without trusting its Host header: a configured
 * {@code base-url} wins outright; otherwise only an allowed host is accepted. An allowed host
 * given without a port matches the bare host or the port the request actually arrived on,
 * so a forged port cannot multiply cache entries.
 */
public final class SiteResolver {
    private static final System.Logger LOG = System.getLogger("org.sitemapkit.SitemapFilter");
    /** Hosts named in a warning; bounded, since anyone can send any Host header. */
    private static final int MAX_WARNED = 32;

    private final Site base;
    private final List<String> allowed;
    private final Set<String> warned = ConcurrentHashMap.newKeySet();
    /** Stands for a request of an allowed host of which no site can be made. */
    private static final Site UNMADE = Site.of("http://unmade.invalid/");
    /**
     * Sites already made, by the Host header as sent: every request asks, and making a site
     * checks and builds its URL. Only sites of allowed hosts get in, and at most
     * {@link #MAX_RESOLVED}, since anyone can vary the spelling of a Host header.
     */
    private final ConcurrentHashMap<String, Resolved> resolved = new ConcurrentHashMap<>();

    private static final int MAX_RESOLVED = 64;

    /** A site made of a Host header, and the rest of the request it was made of. */
    private record Resolved(String scheme, int localPort, String contextPath, Site site) {}

    public SiteResolver(Settings settings) {
        this.base = settings.baseUrl().orElse(null);
        this.allowed = settings.allowedHosts();
    }

    /**
     * Says once per host (for a bounded number of hosts) that a request was passed on because its
     * host is not served, naming the setting that would serve it.
     */
    public void warnUnserved(Exchange request) {
        String host = request.header("Host");
        String key = host == null ? "" : host.trim().toLowerCase(Locale.ROOT);
        if (warned.size() > MAX_WARNED || !warned.add(key)) {
            return;
        }
        if (warned.size() > MAX_WARNED) {
            LOG.log(Level.WARNING, "sitemapkit: more than {0} hosts not served; not naming any more", MAX_WARNED);
            return;
        }
        LOG.log(
                Level.WARNING,
                "sitemapkit: host {0} is not served (allowed-hosts {1}), so its request for {2}"
                        + " went to the application untouched; set sitemapkit.base-url to the site''s URL, or add the"
                        + " host to sitemapkit.allowed-hosts",
                host == null ? "(no Host header)" : LogText.quote(host),
                allowed,
                LogText.quote(request.uri()));
    }

    /** The site, or null when the request's host is not one we serve. */
    public Site resolve(Exchange request) {
        if (base != null) {
            return base;
        }
        String header = request.header("Host");
        if (header == null) {
            return null;
        }
        String scheme = request.scheme();
        int localPort = request.localPort();
        String contextPath = request.contextPath();
        Resolved known = resolved.get(header);
        if (known != null
                && known.localPort == localPort
                && Objects.equals(known.scheme, scheme)
                && Objects.equals(known.contextPath, contextPath)) {
            return known.site;
        }
        HostHeader parsed = HostHeader.parse(header);
        if (parsed == null) {
            return null;
        }
        String host = parsed.host();
        String name = parsed.name();
        int port = parsed.port();
        if (!allowed.contains(host) && !(allowed.contains(name) && (port == -1 || port == localPort))) {
            return null;
        }
        try {
            Site site = Site.of(scheme, name, port, contextPath);
            if (resolved.size() < MAX_RESOLVED) {
                resolved.put(header, new Resolved(scheme, localPort, contextPath, site));
            }
            return site;
        } catch (IllegalArgumentException e) {
            // an allowed host, but no site can be made of this request (a context path URLs cannot
            // carry as it is): say so, rather than blame allowed-hosts
            if (warned.size() <= MAX_WARNED && warned.add("site:" + e.getMessage())) {
                LOG.log(
                        Level.WARNING,
                        "sitemapkit: cannot serve {0}: {1}; set sitemapkit.base-url",
                        LogText.quote(host),
                        LogText.quote(e.getMessage()));
            }
            return UNMADE;
        }
    }

    /**
     * A Host header as sent, lower-cased and trimmed ({@code host}), and split into a name without
     * a trailing dot and a port (-1 when none).
     */
    public record HostHeader(String host, String name, int port) {
        /** Null when the port is not a number. */
        public static HostHeader parse(String header) {
            String host = header.trim().toLowerCase(Locale.ROOT);
            String name = host;
            int port = -1;
            int colon = host.lastIndexOf(':');
            if (colon >= 0 && host.indexOf(']', colon) < 0) {
                name = host.substring(0, colon);
                try {
                    port = Integer.parseInt(host.substring(colon + 1));
                } catch (NumberFormatException e) {
                    return null;
                }
            }
            if (name.endsWith(".") && name.length() > 1) {
                name = name.substring(0, name.length() - 1); // "shop.example.com." is the same host, fully qualified
                host = port == -1 ? name : name + ":" + port;
            }
            return new HostHeader(host, name, port);
        }
    }

    /** Whether {@code resolve} gave up for a reason of its own (logged), not an unserved host. */
    public static boolean unmade(Site site) {
        return site == UNMADE;
    }
}
