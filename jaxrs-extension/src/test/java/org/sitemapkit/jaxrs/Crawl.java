package org.sitemapkit.jaxrs;

import static org.junit.jupiter.api.Assertions.assertEquals;
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

/** Reads a live sitemap as a crawler would: crawler-commons' strict parser, over HTTP. */
final class Crawl {
    final List<String> pages = new ArrayList<>();
    final Map<String, SiteMapURL> urls = new LinkedHashMap<>();
    int count;

    private Crawl() {}

    /** Fetches {@code rootUrl} and, when it is an index, every page it lists. */
    static Crawl of(String rootUrl) {
        Crawl c = new Crawl();
        AbstractSiteMap root = parse(rootUrl);
        if (root.isIndex()) {
            for (AbstractSiteMap page : ((SiteMapIndex) root).getSitemaps()) {
                String pageUrl = page.getUrl().toExternalForm();
                c.pages.add(pageUrl);
                AbstractSiteMap map = parse(pageUrl);
                assertTrue(!map.isIndex(), pageUrl + " is an index inside an index");
                c.add((SiteMap) map);
            }
        } else {
            c.pages.add(rootUrl);
            c.add((SiteMap) root);
        }
        return c;
    }

    private void add(SiteMap map) {
        for (SiteMapURL u : map.getSiteMapUrls()) {
            assertTrue(u.isValid(), "crawler-commons (strict) marks invalid: " + u.getUrl());
            count++;
            urls.put(u.getUrl().toExternalForm(), u);
        }
    }

    private static AbstractSiteMap parse(String url) {
        HttpResponse<byte[]> r = Http.get(url);
        assertEquals(200, r.statusCode(), "GET " + url);
        try {
            return new SiteMapParser(true)
                    .parseSiteMap(
                            r.headers().firstValue("Content-Type").orElse("application/xml"),
                            r.body(),
                            URI.create(url).toURL());
        } catch (Exception e) {
            throw new AssertionError("crawler-commons (strict) cannot parse " + url, e);
        }
    }
}
