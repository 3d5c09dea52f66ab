package org.sitemapkit.internal.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.model.Site;

/**
 * SiteResolver keeps the sites it made by Host header; a kept site is only handed out for a
 * request that would have made the same one (scheme, port it arrived on, context path), and
 * unserved hosts are never kept.
 */
class SiteResolverCacheTest {
    private static Exchange request(String host, String scheme, int localPort, String contextPath) {
        return new Exchange() {
            public String method() {
                return "GET";
            }

            public String header(String name) {
                return name.equalsIgnoreCase("Host") ? host : null;
            }

            public String query() {
                return null;
            }

            public String path() {
                return "/sitemap.xml";
            }

            public String uri() {
                return contextPath + "/sitemap.xml";
            }

            public String scheme() {
                return scheme;
            }

            public int localPort() {
                return localPort;
            }

            public String contextPath() {
                return contextPath;
            }
        };
    }

    private final SiteResolver sites = new SiteResolver(
            Settings.builder().allowedHosts(List.of("shop.example.com")).build());

    @Test
    void theSameRequestGetsTheSameSite() {
        Site first = sites.resolve(request("shop.example.com", "https", 443, ""));
        assertEquals(Site.of("https", "shop.example.com", -1, ""), first);
        assertEquals(first, sites.resolve(request("shop.example.com", "https", 443, "")));
    }

    @Test
    void anotherSchemeContextOrPortIsAnotherSite() {
        assertEquals(
                Site.of("https", "shop.example.com", -1, ""),
                sites.resolve(request("shop.example.com", "https", 443, "")));
        assertEquals(
                Site.of("http", "shop.example.com", -1, ""),
                sites.resolve(request("shop.example.com", "http", 443, "")));
        assertEquals(
                Site.of("http", "shop.example.com", -1, "/shop"),
                sites.resolve(request("shop.example.com", "http", 443, "/shop")));
        // a port in the Host header is served only when the request arrived on it
        assertEquals(
                Site.of("http", "shop.example.com", 8080, ""),
                sites.resolve(request("shop.example.com:8080", "http", 8080, "")));
        assertNull(sites.resolve(request("shop.example.com:8080", "http", 9090, "")));
        assertEquals(
                Site.of("http", "shop.example.com", 8080, ""),
                sites.resolve(request("shop.example.com:8080", "http", 8080, "")));
    }

    @Test
    void unservedHostsStayUnserved() {
        for (int i = 0; i < 3; i++) {
            assertNull(sites.resolve(request("evil.example.com", "https", 443, "")));
        }
    }

    @Test
    void manySpellingsOfAnAllowedHostAllResolve() {
        // more spellings than the cache keeps: the ones past it are made anew, and alike
        for (int i = 0; i < 200; i++) {
            StringBuilder host = new StringBuilder("shop.example.com");
            for (int c = 0; c < host.length(); c++) {
                if ((i >> (c % 8) & 1) == 1 && Character.isLetter(host.charAt(c))) {
                    host.setCharAt(c, Character.toUpperCase(host.charAt(c)));
                }
            }
            String header = " ".repeat(i / 100) + host;
            assertEquals(
                    Site.of("https", "shop.example.com", -1, ""),
                    sites.resolve(request(header, "https", 443, "")),
                    header);
        }
    }
}
