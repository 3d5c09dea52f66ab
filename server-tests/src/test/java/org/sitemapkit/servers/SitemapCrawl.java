package org.sitemapkit.servers;

import crawlercommons.sitemaps.AbstractSiteMap;
import crawlercommons.sitemaps.SiteMap;
import crawlercommons.sitemaps.SiteMapIndex;
import crawlercommons.sitemaps.SiteMapParser;
import crawlercommons.sitemaps.SiteMapURL;
import crawlercommons.sitemaps.UnknownFormatException;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a strict crawler (crawler-commons) finds from {@code /sitemap.xml}: every {@code <loc>} of every page, and
 * every way the walk went wrong, collected rather than thrown so one assertion can report all of it.
 */
final class SitemapCrawl {

    final Set<String> locs = new TreeSet<>();
    final List<String> problems = new ArrayList<>();

    private SitemapCrawl() {}

    /** Crawls from {@code base + "/sitemap.xml"}: an index (whose pages are fetched) or a single urlset. */
    static SitemapCrawl from(Http http, String base) {
        SitemapCrawl crawl = new SitemapCrawl();
        AbstractSiteMap root = crawl.fetch(http, base + "/sitemap.xml");
        if (root instanceof SiteMapIndex index) {
            if (index.getSitemaps().isEmpty()) {
                crawl.problems.add("the index lists no pages");
            }
            for (AbstractSiteMap page : index.getSitemaps()) {
                if (crawl.fetch(http, page.getUrl().toString()) instanceof SiteMapIndex) {
                    crawl.problems.add(page.getUrl() + " is an index inside the index");
                }
            }
        }
        return crawl;
    }

    /** Fetches and parses one document; a urlset's locs are collected. Null when it could not be had. */
    private AbstractSiteMap fetch(Http http, String uri) {
        Http.Response r = http.get(uri);
        if (r.status() != 200) {
            problems.add("GET " + uri + " -> " + r.describe());
            return null;
        }
        AbstractSiteMap map;
        try {
            map = new SiteMapParser(true).parseSiteMap(r.body(), URI.create(uri).toURL());
        } catch (UnknownFormatException | IOException e) {
            problems.add(uri + " is not a sitemap a strict crawler reads: " + e + "; body " + r.describe());
            return null;
        }
        if (map instanceof SiteMap urlset) {
            for (SiteMapURL u : urlset.getSiteMapUrls()) {
                if (!u.isValid()) {
                    problems.add(uri + " lists an invalid URL " + u.getUrl());
                } else if (!locs.add(u.getUrl().toString())) {
                    problems.add(u.getUrl() + " is listed twice");
                }
            }
        }
        return map;
    }
}
