package org.sitemapkit.testsupport;

import crawlercommons.sitemaps.AbstractSiteMap;
import crawlercommons.sitemaps.SiteMap;
import crawlercommons.sitemaps.SiteMapIndex;
import crawlercommons.sitemaps.SiteMapParser;
import crawlercommons.sitemaps.SiteMapURL;
import crawlercommons.sitemaps.UnknownFormatException;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * A live sitemap read as a crawler reads it, so tests judge SitemapKit's output by an independent parser:
 * crawler-commons' strict parser (URLs outside the sitemap's directory are dropped) with the image and hreflang
 * extensions on, over HTTP, every page the index lists. Every way the walk goes wrong is collected, so one assertion
 * can report all of it.
 */
public final class Crawl {

    /** Whether the root was an index. */
    public final boolean index;
    /** The page URLs, in index order (the root itself when it is a urlset). */
    public final List<String> pages = new ArrayList<>();
    /** Every valid URL by its loc, in sitemap order. */
    public final Map<String, SiteMapURL> urls = new LinkedHashMap<>();
    /** What went wrong: a status other than 200, a document a strict crawler cannot read, an invalid or twice listed URL. */
    public final List<String> problems = new ArrayList<>();
    /** URLs listed, duplicates included. */
    public int count;

    private Crawl(boolean index) {
        this.index = index;
    }

    /** Fetches {@code root} and, when it is an index, every page it lists; fails with every problem found. */
    public static Crawl of(String root) {
        Crawl crawl = collect(root, Http::get);
        if (!crawl.problems.isEmpty()) {
            throw new AssertionError("crawler-commons (strict) reading " + root + " found " + crawl.problems.size()
                    + " problem(s):\n  " + String.join("\n  ", crawl.problems));
        }
        return crawl;
    }

    /** Like {@link #of(String)}, fetching with {@code get}, with the problems left for the caller to judge. */
    public static Crawl collect(String root, Function<String, Http.Response> get) {
        List<String> problems = new ArrayList<>();
        AbstractSiteMap map = parse(root, get, problems);
        Crawl crawl = new Crawl(map instanceof SiteMapIndex);
        crawl.problems.addAll(problems);
        if (map instanceof SiteMapIndex sitemapIndex) {
            if (sitemapIndex.getSitemaps().isEmpty()) {
                crawl.problems.add(root + ": the index lists no pages");
            }
            for (AbstractSiteMap page : sitemapIndex.getSitemaps()) {
                String pageUrl = page.getUrl().toExternalForm();
                crawl.pages.add(pageUrl);
                AbstractSiteMap urlset = parse(pageUrl, get, crawl.problems);
                if (urlset instanceof SiteMapIndex) {
                    crawl.problems.add(pageUrl + " is an index inside an index");
                } else if (urlset != null) {
                    crawl.add(pageUrl, (SiteMap) urlset);
                }
            }
        } else if (map != null) {
            crawl.pages.add(root);
            crawl.add(root, (SiteMap) map);
        }
        return crawl;
    }

    /**
     * Crawls {@code root} until {@code done} holds of a crawl without problems, failing after
     * {@code timeout}: a sitemap that follows changes by itself (the change feed) is waited for, not
     * slept on. A crawl that read an index just before a render that left fewer pages finds the
     * pages past the new count gone (404), as any crawler would; it is tried again.
     */
    public static Crawl until(String root, Duration timeout, Predicate<Crawl> done) {
        return Await.until(
                timeout,
                () -> collect(root, Http::get),
                c -> c.problems.isEmpty() && done.test(c),
                c -> root + ": " + (c.problems.isEmpty() ? c.urls.size() + " URLs" : c.problems));
    }

    /** The text of each page {@code root} lists, by the page's URL, as served now; fails on any problem. */
    public static Map<String, String> pageTexts(String root) {
        Map<String, String> texts = new TreeMap<>();
        for (String page : of(root).pages) {
            texts.put(page, Http.get(page).text());
        }
        return texts;
    }

    /** The URL of the first page whose text contains {@code part}, such as a URL's path. */
    public static String pageOf(Map<String, String> pageTexts, String part) {
        return pageTexts.entrySet().stream()
                .filter(e -> e.getValue().contains(part))
                .map(Map.Entry::getKey)
                .findFirst()
                .orElseThrow(() -> new AssertionError("no page lists " + part));
    }

    /** The URLs of the pages whose text differs between {@code before} and {@code after}, a page gone or new included. */
    public static List<String> changedPages(Map<String, String> before, Map<String, String> after) {
        Set<String> urls = new TreeSet<>(before.keySet());
        urls.addAll(after.keySet());
        List<String> out = new ArrayList<>();
        for (String page : urls) {
            if (!String.valueOf(after.get(page)).equals(String.valueOf(before.get(page)))) {
                out.add(page);
            }
        }
        return out;
    }

    /** The locs with {@code origin} cut off, e.g. {@code /products/1/widget-1}; fails on a loc elsewhere. */
    public Set<String> paths(String origin) {
        Set<String> paths = new TreeSet<>();
        for (String loc : urls.keySet()) {
            if (!loc.startsWith(origin + "/")) {
                throw new AssertionError(loc + " is not under " + origin);
            }
            paths.add(loc.substring(origin.length()));
        }
        return paths;
    }

    /** The page URLs with {@code origin} cut off. */
    public List<String> pagePaths(String origin) {
        return pages.stream().map(p -> p.substring(origin.length())).collect(Collectors.toList());
    }

    private void add(String pageUrl, SiteMap map) {
        for (SiteMapURL u : map.getSiteMapUrls()) {
            count++;
            String loc = u.getUrl().toExternalForm();
            if (!u.isValid()) {
                problems.add(pageUrl + ": crawler-commons (strict) marks invalid: " + loc);
            } else if (urls.putIfAbsent(loc, u) != null) {
                problems.add(loc + " is listed twice");
            }
        }
    }

    /** Fetches and parses one document; null, with the reason in {@code problems}, when it could not be had. */
    private static AbstractSiteMap parse(String url, Function<String, Http.Response> get, List<String> problems) {
        Http.Response r = get.apply(url);
        if (r.status() != 200) {
            problems.add("GET " + url + " -> " + r.describe());
            return null;
        }
        SiteMapParser parser = new SiteMapParser(true);
        parser.enableExtensions();
        try {
            return r.header("Content-Type").isPresent()
                    ? parser.parseSiteMap(
                            r.contentType(), r.body(), URI.create(url).toURL())
                    : parser.parseSiteMap(r.body(), URI.create(url).toURL());
        } catch (UnknownFormatException | IOException | RuntimeException e) {
            problems.add(url + " is not a sitemap a strict crawler reads: " + e + "; body " + r.describe());
            return null;
        }
    }

    /**
     * Fails unless {@code actual} is {@code expected}, naming only the difference (the first few
     * missing and unexpected entries), never thousands of URLs.
     */
    public static void assertSameSet(Set<String> expected, Set<String> actual) {
        Set<String> missing = new TreeSet<>(expected);
        missing.removeAll(actual);
        Set<String> unexpected = new TreeSet<>(actual);
        unexpected.removeAll(expected);
        if (!missing.isEmpty() || !unexpected.isEmpty()) {
            throw new AssertionError("missing " + missing.size() + " " + firstFew(missing) + ", unexpected "
                    + unexpected.size() + " " + firstFew(unexpected));
        }
    }

    private static String firstFew(Set<String> s) {
        return s.stream().limit(10).collect(Collectors.toList()).toString();
    }
}
