package org.sitemapkit.sample;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * How the shop runs, apart from the port: how many products to create, the public base URL of the sitemap,
 * and any other SitemapKit settings. All of them reach the web application as context-params, so the WAR
 * takes the same values from {@code web.xml} or the container.
 *
 * @param products products to create, at least 1
 * @param baseUrl {@code sitemapkit.base-url}, or null to serve the allowed hosts from the request
 * @param settings more {@code sitemapkit.*} settings, e.g. {@code sitemapkit.max-urls}
 * @param adminToken the token that lets a client off this machine use the admin endpoints, or null
 *     to answer them on loopback only
 * @param dbUrl the JDBC URL of a database that several instances share, seeded only when its tables are
 *     absent, or null for this instance's own in-memory H2 database, seeded at every start
 * @param dbPassword the database password, or null for none
 */
public record ShopOptions(
        int products,
        String baseUrl,
        Map<String, String> settings,
        String adminToken,
        String dbUrl,
        String dbPassword) {
    /** The context-param that carries {@link #adminToken}. */
    static final String ADMIN_TOKEN_PARAM = "shop.admin-token";

    /** The prefix every SitemapKit setting carries, as the README's Configuration section names them. */
    static final String SETTING_PREFIX = "sitemapkit.";

    /**
     * Checks the values.
     *
     * @throws IllegalArgumentException naming the bad value
     */
    public ShopOptions {
        if (products < 1) {
            throw new IllegalArgumentException("products must be a positive integer: " + products);
        }
        if (baseUrl != null) {
            checkBaseUrl(baseUrl);
        }
        for (String key : settings.keySet()) {
            if (!key.startsWith(SETTING_PREFIX)) {
                throw new IllegalArgumentException("not a SitemapKit setting: " + key);
            }
        }
        settings = Map.copyOf(settings);
        if (adminToken != null && (adminToken.length() < 16 || !adminToken.matches("[\\x21-\\x7e]+"))) {
            throw new IllegalArgumentException("the admin token must be at least 16 printable ASCII characters");
        }
        if (dbUrl != null && !dbUrl.matches("jdbc:[a-z0-9]+:\\S+")) {
            throw new IllegalArgumentException(
                    "the database URL must be a JDBC URL, jdbc:DRIVER:...: \"" + ShopDatabase.printable(dbUrl) + "\"");
        }
        if (dbPassword != null && dbPassword.isEmpty()) {
            throw new IllegalArgumentException("the database password must not be empty");
        }
    }

    /** {@value ShopDatabase#DEFAULT_PRODUCTS} products, no base URL, SitemapKit's defaults. */
    public static ShopOptions defaults() {
        return new ShopOptions(ShopDatabase.DEFAULT_PRODUCTS, null, Map.of(), null, null, null);
    }

    /**
     * Returns these options with another product count.
     *
     * @param n at least 1
     * @return the new options
     */
    public ShopOptions withProducts(int n) {
        return new ShopOptions(n, baseUrl, settings, adminToken, dbUrl, dbPassword);
    }

    /**
     * Returns these options with a base URL.
     *
     * @param url e.g. {@code https://shop.example.com/}
     * @return the new options
     */
    public ShopOptions withBaseUrl(String url) {
        return new ShopOptions(products, url, settings, adminToken, dbUrl, dbPassword);
    }

    /**
     * Returns these options with one more SitemapKit setting.
     *
     * @param key e.g. {@code sitemapkit.max-urls}
     * @param value its value, checked by SitemapKit at start-up
     * @return the new options
     */
    public ShopOptions withSetting(String key, String value) {
        Map<String, String> more = new LinkedHashMap<>(settings);
        more.put(key, value);
        return new ShopOptions(products, baseUrl, more, adminToken, dbUrl, dbPassword);
    }

    /**
     * Returns these options with an admin token.
     *
     * @param token at least 16 printable ASCII characters
     * @return the new options
     */
    public ShopOptions withAdminToken(String token) {
        return new ShopOptions(products, baseUrl, settings, token, dbUrl, dbPassword);
    }

    /**
     * Returns these options with a shared database: the instance uses the database at {@code url} instead of
     * an own in-memory one, and seeds it only when the shop's tables are absent.
     *
     * @param url a JDBC URL, e.g. {@code jdbc:h2:tcp://127.0.0.1:9092/shop}
     * @return the new options
     */
    public ShopOptions withDatabase(String url) {
        return new ShopOptions(products, baseUrl, settings, adminToken, url, dbPassword);
    }

    /**
     * Returns these options with a database password: the one {@code url} asks for, or the one this instance's
     * own database is created with, for the other instances that reach it through {@link ShopDatabaseServer}.
     *
     * @param password not empty
     * @return the new options
     */
    public ShopOptions withDatabasePassword(String password) {
        return new ShopOptions(products, baseUrl, settings, adminToken, dbUrl, password);
    }

    /** The base URL, when one is set. */
    public Optional<String> baseUrlIfSet() {
        return Optional.ofNullable(baseUrl);
    }

    /** Everything as the web application's context-params. */
    public Map<String, String> contextParams() {
        Map<String, String> params = new LinkedHashMap<>(settings);
        params.put(ShopDatabase.PRODUCTS_PARAM, Integer.toString(products));
        if (baseUrl != null) {
            params.put(SETTING_PREFIX + "base-url", baseUrl);
        }
        if (adminToken != null) {
            params.put(ADMIN_TOKEN_PARAM, adminToken);
        }
        if (dbUrl != null) {
            params.put(ShopDatabase.URL_PARAM, dbUrl);
        }
        if (dbPassword != null) {
            params.put(ShopDatabase.PASSWORD_PARAM, dbPassword);
        }
        return params;
    }

    /** An early, friendlier check than SitemapKit's, which would fail the start of the web application. */
    private static void checkBaseUrl(String url) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("bad base URL: " + url, e);
        }
        if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))
                || uri.getHost() == null
                || uri.getRawQuery() != null
                || uri.getRawFragment() != null) {
            throw new IllegalArgumentException("base URL must be http(s)://host[:port][/path]: " + url);
        }
    }
}
