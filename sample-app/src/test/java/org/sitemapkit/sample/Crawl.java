package org.sitemapkit.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import crawlercommons.sitemaps.AbstractSiteMap;
import crawlercommons.sitemaps.SiteMap;
import crawlercommons.sitemaps.SiteMapIndex;
import crawlercommons.sitemaps.SiteMapParser;
import crawlercommons.sitemaps.SiteMapURL;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A live sitemap read as a crawler reads it: crawler-commons' strict parser (URLs outside the sitemap's
 * directory are dropped) with the image and hreflang extensions on, over HTTP, every page the index lists.
 */
final class Crawl {

    /** Whether {@code /sitemap.xml} was an index. */
    final boolean index;
    /** The page URLs, in index order. */
    final List<String> pages = new ArrayList<>();
    /** Every URL by its loc, in sitemap order. */
    final Map<String, SiteMapURL> urls = new LinkedHashMap<>();
    /** URLs listed, duplicates included. */
    int count;

    private Crawl(boolean index) {
        this.index = index;
    }

    /** Fetches {@code root} and, when it is an index, every page it lists. */
    static Crawl of(String root) {
        AbstractSiteMap map = parse(root);
        Crawl crawl = new Crawl(map.isIndex());
        if (map.isIndex()) {
            for (AbstractSiteMap page : ((SiteMapIndex) map).getSitemaps()) {
                String pageUrl = page.getUrl().toExternalForm();
                crawl.pages.add(pageUrl);
                AbstractSiteMap urlset = parse(pageUrl);
                assertFalse(urlset.isIndex(), pageUrl + " is an index inside an index");
                crawl.add((SiteMap) urlset);
            }
        } else {
            crawl.pages.add(root);
            crawl.add((SiteMap) map);
        }
        return crawl;
    }

    /** The locs with {@code origin} cut off, e.g. {@code /products/1/widget-1}. */
    Set<String> paths(String origin) {
        Set<String> paths = new TreeSet<>();
        for (String loc : urls.keySet()) {
            assertTrue(loc.startsWith(origin + "/"), loc + " is not under " + origin);
            paths.add(loc.substring(origin.length()));
        }
        return paths;
    }

    /** The page URLs with {@code origin} cut off. */
    List<String> pagePaths(String origin) {
        return pages.stream().map(p -> p.substring(origin.length())).toList();
    }

    private void add(SiteMap map) {
        for (SiteMapURL u : map.getSiteMapUrls()) {
            assertTrue(u.isValid(), "crawler-commons (strict) marks invalid: " + u.getUrl());
            count++;
            urls.put(u.getUrl().toExternalForm(), u);
        }
    }

    private static AbstractSiteMap parse(String url) {
        HttpResponse<byte[]> r = Http.bytes(url);
        assertEquals(200, r.statusCode(), "GET " + url);
        SiteMapParser parser = new SiteMapParser(true);
        parser.enableExtensions();
        try {
            return parser.parseSiteMap(
                    Http.contentType(r), r.body(), URI.create(url).toURL());
        } catch (Exception e) {
            throw new AssertionError("crawler-commons (strict) cannot parse " + url, e);
        }
    }
}
