package org.sitemapkit.model;

import java.util.Locale;
import org.sitemapkit.internal.check.Checks;

/**
 * Where the sitemaps live: scheme, host, port and the web application's context path. A
 * sitemap may only list URLs under its own directory (sitemaps.org), so this is also the scope
 * every {@code loc} is checked against. Written in its canonical form: lower-case scheme and
 * host, no default port, a directory that ends in {@code /}.
 */
public final class Site {
    private final String scheme;
    private final String host;
    private final int port;
    private final String directory;
    private final String origin;
    private final String base;

    private Site(String scheme, String host, int port, String directory) {
        this.scheme = scheme;
        this.host = host;
        this.port = port;
        this.directory = directory;
        boolean defaultPort = port == -1 || port == defaultPort(scheme);
        this.origin = scheme + "://" + host + (defaultPort ? "" : ":" + port);
        this.base = origin + directory;
    }

    /**
     * Parses a base URL such as {@code https://shop.example.com} or
     * {@code http://127.0.0.1:8080/shop/}; a path is the context path.
     *
     * @param baseUrl an absolute http(s) URL without query, fragment or user information
     * @return the site in canonical form
     * @throws IllegalArgumentException if the URL is not such a URL
     */
    public static Site of(String baseUrl) {
        Checks.checkAbsoluteUrl(baseUrl, "base-url");
        int schemeEnd = baseUrl.indexOf("://");
        String scheme = baseUrl.substring(0, schemeEnd).toLowerCase(Locale.ROOT);
        int authorityEnd = baseUrl.indexOf('/', schemeEnd + 3);
        String authority = baseUrl.substring(schemeEnd + 3, authorityEnd < 0 ? baseUrl.length() : authorityEnd);
        String path = authorityEnd < 0 ? "/" : baseUrl.substring(authorityEnd);
        Checks.checkArgument(
                path.indexOf('?') < 0 && path.indexOf('#') < 0,
                "base-url must not have a query or fragment: \"%s\"",
                baseUrl);
        Checks.checkArgument(authority.indexOf('@') < 0, "base-url must not carry user information: \"%s\"", baseUrl);
        String host = authority;
        int port = -1;
        int colon = authority.lastIndexOf(':');
        if (colon >= 0 && authority.indexOf(']', colon) < 0) {
            host = authority.substring(0, colon);
            port = parsePort(authority.substring(colon + 1), baseUrl);
        }
        return of(scheme, host, port, path);
    }

    /**
     * A site from its parts, as a servlet request gives them.
     *
     * @param scheme {@code http} or {@code https}, in any case
     * @param host a DNS name or IP literal, in any case
     * @param port -1 or the scheme's default port for none
     * @param contextPath {@code ""} for the root context, else {@code /name}
     * @return the site in canonical form
     * @throws IllegalArgumentException if a part is not valid
     */
    public static Site of(String scheme, String host, int port, String contextPath) {
        Checks.checkNotNull(scheme, "scheme");
        Checks.checkNotNull(host, "host");
        Checks.checkNotNull(contextPath, "context path");
        String s = scheme.toLowerCase(Locale.ROOT);
        Checks.checkArgument(s.equals("http") || s.equals("https"), "scheme must be http or https: \"%s\"", scheme);
        String h = host.toLowerCase(Locale.ROOT);
        Checks.checkArgument(Checks.isHost(h), "host must be a DNS name or IP literal: \"%s\"", host);
        Checks.checkArgument(port == -1 || (port > 0 && port <= 65535), "port must be 1 to 65535: %s", port);
        String dir = contextPath.isEmpty() || contextPath.endsWith("/") ? contextPath : contextPath + "/";
        if (dir.isEmpty()) {
            dir = "/";
        }
        Checks.checkArgument(
                dir.startsWith("/") && isPlainPath(dir),
                "context path must be a plain /path of URL characters: \"%s\"",
                contextPath);
        return new Site(s, h, port == defaultPort(s) ? -1 : port, dir);
    }

    /**
     * The scheme, which decides the default port and is part of every loc.
     *
     * @return {@code http} or {@code https}
     */
    public String scheme() {
        return scheme;
    }

    /**
     * The host every loc must be on.
     *
     * @return the lower-case DNS name or IP literal (IPv6 in brackets)
     */
    public String host() {
        return host;
    }

    /**
     * The port as it is written in URLs.
     *
     * @return 1 to 65535, or -1 when it is the scheme's default
     */
    public int port() {
        return port;
    }

    /**
     * The port a client connects to, with the scheme's default filled in.
     *
     * @return 1 to 65535
     */
    public int effectivePort() {
        return port == -1 ? defaultPort(scheme) : port;
    }

    /**
     * The context directory: the sitemaps' own directory, which scopes their locs.
     *
     * @return a path starting and ending with {@code /}
     */
    public String directory() {
        return directory;
    }

    /**
     * The host part of every URL, as the IndexNow host and same-host checks compare it.
     *
     * @return {@code scheme://host[:port]} without a path
     */
    public String origin() {
        return origin;
    }

    /**
     * The base URL every loc must start with.
     *
     * @return the origin and the directory, ending in {@code /}
     */
    public String base() {
        return base;
    }

    /**
     * An absolute URL for a path relative to the web application's root; a leading {@code /}
     * means the context root, not the host root, so sources need not know where they are
     * deployed.
     *
     * @param path a path relative to the context root, with or without a leading {@code /}
     * @return the absolute URL
     */
    public String url(String path) {
        Checks.checkNotNull(path, "path");
        return base() + (path.startsWith("/") ? path.substring(1) : path);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Site && ((Site) o).base().equals(base());
    }

    @Override
    public int hashCode() {
        return base().hashCode();
    }

    @Override
    public String toString() {
        return base();
    }

    static int defaultPort(String scheme) {
        return scheme.equals("https") ? 443 : 80;
    }

    private static int parsePort(String digits, String url) {
        Checks.checkArgument(
                !digits.isEmpty() && digits.length() <= 5 && digits.chars().allMatch(Character::isDigit),
                "base-url has a bad port: \"%s\"",
                url);
        return Integer.parseInt(digits);
    }

    private static boolean isPlainPath(String p) {
        for (int i = 0; i < p.length(); i++) {
            char c = p.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z')
                    || (c >= 'A' && c <= 'Z')
                    || (c >= '0' && c <= '9')
                    || "/-._~!$&'()*+,;=:@%".indexOf(c) >= 0;
            if (!ok) {
                return false;
            }
        }
        return !p.contains("/./") && !p.contains("/../");
    }
}
