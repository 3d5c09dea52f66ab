package org.sitemapkit.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.SimpleRobotRulesParser;
import crawlercommons.sitemaps.AbstractSiteMap;
import crawlercommons.sitemaps.SiteMap;
import crawlercommons.sitemaps.SiteMapIndex;
import crawlercommons.sitemaps.SiteMapParser;
import crawlercommons.sitemaps.SiteMapURL;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.URL;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.zip.GZIPInputStream;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.sitemapkit.internal.status.JmxSections;
import org.sitemapkit.it.webapp.ItRobots;
import org.sitemapkit.it.webapp.ItSources;
import org.sitemapkit.testsupport.Container;
import org.sitemapkit.testsupport.Http;
import org.sitemapkit.testsupport.LogRecords;

/**
 * The HTTP contract of SitemapKit's filter, run unchanged against each container: what a
 * crawler and a browser get, how caching headers behave, and what a hostile request gets.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class SitemapContract {
    static final Map<String, String> PARAMS = Map.of(
            "sitemapkit.max-urls", "50",
            "sitemapkit.robots", "/WEB-INF/robots-rules.txt",
            "sitemapkit.indexnow-key", "0123456789abcdef-KEY");

    /** Starts the test application at {@code contextPath} with these context parameters. */
    abstract Container start(String contextPath, Map<String, String> params);

    Container app;

    @BeforeAll
    void startApp() {
        app = start("", PARAMS);
    }

    @AfterAll
    void stopApp() throws Exception {
        app.close();
    }

    URI uri(String path) {
        return app.baseUri().resolve(path);
    }

    static byte[] gunzip(byte[] gz) {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gz))) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static AbstractSiteMap crawl(Http.Response response, URI uri) throws Exception {
        return new SiteMapParser(true).parseSiteMap(response.body(), uri.toURL());
    }

    /** Every URL a strict crawler finds by following the index from /sitemap.xml. */
    static Set<String> crawlAll(Container app) throws Exception {
        URI root = app.baseUri().resolve("sitemap.xml");
        Http.Response index = Http.get(root);
        assertEquals(200, index.status());
        AbstractSiteMap map = crawl(index, root);
        assertTrue(map.isIndex(), "five pages make an index");
        Set<String> urls = new TreeSet<>();
        for (AbstractSiteMap page : ((SiteMapIndex) map).getSitemaps()) {
            URI pageUri = page.getUrl().toURI();
            Http.Response r = Http.get(pageUri);
            assertEquals(200, r.status(), pageUri.toString());
            SiteMap urlset = (SiteMap) crawl(r, pageUri);
            for (SiteMapURL u : urlset.getSiteMapUrls()) {
                assertTrue(u.isValid(), u.toString());
                assertTrue(urls.add(u.getUrl().toString()), "listed twice: " + u.getUrl());
            }
        }
        return urls;
    }

    static Set<String> expectedUrls(URI base) {
        Set<String> urls = new TreeSet<>();
        for (String p : List.of("", "index.html", "about.html", "flaky/1", "flaky/2")) {
            urls.add(base.resolve(p).toString());
        }
        for (int i = 0; i < ItSources.PRODUCTS; i++) {
            urls.add(base.resolve("products/" + i).toString());
        }
        return urls;
    }

    /** Each section the sitemap served is an MBean of the platform server, read as JConsole reads it. */
    @Test
    void eachSectionIsAnMBeanOfThePlatformServer() throws Exception {
        crawlAll(app);
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        String site = app.baseUri().toString();
        Set<String> sections = new TreeSet<>();
        for (ObjectName name : server.queryNames(
                new ObjectName("org.sitemapkit:type=Section,site=" + ObjectName.quote(site) + ",*"), null)) {
            sections.add((String) server.getAttribute(name, "Section"));
        }
        assertEquals(Set.of("flaky", "pages", "products"), sections);
        ObjectName products = JmxSections.name("/", site, "products");
        assertEquals("ok", server.getAttribute(products, "State"));
        assertEquals((long) ItSources.PRODUCTS, server.getAttribute(products, "Urls"));
        assertEquals(3, server.getAttribute(products, "Pages"), "120 URLs, 50 a page");
        assertTrue((long) server.getAttribute(products, "Renders") >= 1);
        assertTrue(((String) server.getAttribute(products, "RenderedAt")).endsWith("Z"));
    }

    @Test
    void crawlerFindsExactlyTheRegisteredUrlsAndEachAnswers200() throws Exception {
        Set<String> urls = crawlAll(app);
        assertEquals(expectedUrls(app.baseUri()), urls);
        for (String u : List.of("", "about.html", "products/0", "products/119", "flaky/2")) {
            assertEquals(200, Http.get(app.baseUri().resolve(u)).status(), u);
        }
    }

    @Test
    void sitemapDocumentsCarryTheRightHeaders() {
        Http.Response r = Http.get(uri("sitemap-products-2.xml"));
        assertEquals(200, r.status());
        assertEquals(
                "application/xml;charset=utf-8",
                r.header("Content-Type").orElseThrow().replace(" ", "").toLowerCase());
        assertEquals("noindex", r.header("X-Robots-Tag").orElseThrow());
        assertTrue(r.header("Vary").orElseThrow().contains("Accept-Encoding"));
        String etag = r.header("ETag").orElseThrow();
        assertTrue(etag.startsWith("\"") && etag.endsWith("\""), "strong ETag: " + etag);
        assertTrue(r.header("Last-Modified").isPresent());
        assertEquals(
                r.body().length, Integer.parseInt(r.header("Content-Length").orElseThrow()));
        assertTrue(r.text().startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"));
    }

    @Test
    void gzipIsNegotiatedAndTheGzFileIsTheSamePage() {
        Http.Response identity = Http.get(uri("sitemap-products-1.xml"));
        Http.Response gzip = Http.get(uri("sitemap-products-1.xml"), "Accept-Encoding", "gzip");
        assertEquals("gzip", gzip.header("Content-Encoding").orElseThrow());
        assertFalse(identity.header("Content-Encoding").isPresent());
        assertArrayEquals(identity.body(), gunzip(gzip.body()));
        assertNotEquals(identity.header("ETag"), gzip.header("ETag"));

        Http.Response file = Http.get(uri("sitemap-products-1.xml.gz"));
        assertEquals(200, file.status());
        assertEquals("application/gzip", file.header("Content-Type").orElseThrow());
        assertFalse(file.header("Content-Encoding").isPresent());
        assertArrayEquals(identity.body(), gunzip(file.body()));

        Http.Response refused = Http.get(uri("sitemap-products-1.xml"), "Accept-Encoding", "gzip;q=0, br");
        assertFalse(refused.header("Content-Encoding").isPresent());
    }

    @Test
    void conditionalRequestsAndHead() {
        Http.Response first = Http.get(uri("sitemap.xml"));
        String etag = first.header("ETag").orElseThrow();
        Http.Response again = Http.get(uri("sitemap.xml"), "If-None-Match", etag);
        assertEquals(304, again.status());
        assertEquals(0, again.body().length);
        assertEquals(etag, again.header("ETag").orElseThrow());
        assertEquals(
                200, Http.get(uri("sitemap.xml"), "If-None-Match", "\"other\"").status());
        assertEquals(
                304, Http.get(uri("sitemap.xml"), "If-None-Match", "W/" + etag).status());

        Http.Response page = Http.get(uri("sitemap-pages-1.xml"));
        String lastModified = page.header("Last-Modified").orElseThrow();
        assertEquals(
                304,
                Http.get(uri("sitemap-pages-1.xml"), "If-Modified-Since", lastModified)
                        .status());
        assertEquals(
                200,
                Http.get(uri("sitemap-pages-1.xml"), "If-Modified-Since", "Wed, 31 Dec 2025 23:59:59 GMT")
                        .status());

        Http.Response head = Http.head(uri("sitemap-pages-1.xml"));
        assertEquals(200, head.status());
        assertEquals(0, head.body().length);
        assertEquals(
                Integer.toString(page.body().length),
                head.header("Content-Length").orElseThrow());
        assertEquals(page.header("ETag"), head.header("ETag"));
    }

    @Test
    void badNamesAre404AndOtherMethods405NeverA5xx() {
        // Names that are not pages of a registered section reach the application, which has no such file.
        for (String p : List.of(
                "sitemap-unknown-1.xml",
                "sitemap-products-0.xml",
                "sitemap-products-4.xml",
                "sitemap-products-01.xml",
                "sitemap-Products-1.xml",
                "sitemap-products-1.xml.gz.gz",
                "sitemap-products-99999999999.xml",
                "sitemap--1.xml",
                "sitemap-products-x.xml",
                "sitemap-products-1.xml?page=2",
                "sitemap.html?section=nope&page=1",
                "sitemap.html?section=products&page=0",
                "sitemap.html?section=products&page=9",
                "sitemap.html?section=products&page=1x")) {
            Http.Response r = Http.get(uri(p));
            assertTrue(p.endsWith("?page=2") ? r.status() == 200 : r.status() == 404, p + " -> " + r.status());
        }
        Http.Response post = Http.send("POST", uri("sitemap.xml"));
        assertEquals(405, post.status());
        assertTrue(post.header("Allow").orElseThrow().contains("GET"));
    }

    @Test
    void sitemapNamesThatAreNotOurPagesReachTheApplication() throws Exception {
        byte[] own = Files.readAllBytes(TestWar.dir().resolve("sitemap-blog.xml"));
        for (String p : List.of("sitemap-blog.xml", "sitemap-blog.xml?x=1")) {
            Http.Response r = Http.get(uri(p));
            assertEquals(200, r.status(), p);
            assertArrayEquals(own, r.body(), "the application's own file, untouched: " + p);
        }
        assertEquals(200, Http.get(uri("sitemap-pages-1.xml")).status(), "a registered section's page is ours");
    }

    @Test
    void malformedRequestsNeverGetA5xx() {
        String host = app.baseUri().getHost() + ":" + app.baseUri().getPort();
        String base = app.baseUri().getPath();
        assertEquals(
                400, Http.raw(app.baseUri(), base + "sitemap.html?%zz", host), "a bad query is the client's error");
        assertEquals(400, Http.raw(app.baseUri(), base + "sitemap.html?a=%", host));
        List<String> targets = List.of(
                "sitemap.html?%zz",
                "sitemap.html?a=%",
                "sitemap.html?section=%ff&page=1",
                "sitemap.html?section=pages&page=%",
                "sitemap.html?section=pages&page=1&part=0",
                "sitemap.html?section=pages&page=1&part=99",
                "sitemap.html?page=1",
                "sitemap.html?section=pages&page=-1",
                "sitemap.html?" + "x=1&".repeat(3000),
                "sitemap.html?section=pages&page=1&section=x&page=%",
                "sitemap.xml?%zz",
                "sitemap.xml?a=%",
                "sitemap-pages-1.xml?a=%",
                "robots.txt?%zz",
                "robots.txt?a=%",
                "sitemap.xml%",
                "sitemap-pages-%31.xml",
                "sitemap.xml;a=b",
                "%2e%2e/sitemap.xml",
                "sitemap-pages-1.xml.gz?%",
                "0123456789abcdef-KEY.txt?%zz",
                "sitemap.html%3Fsection=pages",
                "sitemap-pages-" + "9".repeat(40) + ".xml");
        List<String[]> headers = List.of(
                new String[] {},
                new String[] {"Accept-Encoding: ;;;q=x, gzip;q=nan"},
                new String[] {"If-None-Match: \"\u00ff"},
                new String[] {"If-Modified-Since: yesterday"},
                new String[] {"Range: bytes=-", "If-Range: x"},
                new String[] {"Accept-Encoding: gzip;q=1e999"},
                // an element that is only ";" once answered 503 on every server (issue 19)
                new String[] {"Accept-Encoding: ;"},
                new String[] {"Accept-Encoding: gzip, ;;, ;q=1,"});
        List<String> hosts = List.of(
                host,
                "localhost:99999",
                "localhost:abc",
                "[::1",
                "LOCALHOST.:" + app.baseUri().getPort(),
                "a b",
                "evil.example\u00e9");
        for (String target : targets) {
            for (String[] lines : headers) {
                for (String h : List.of(host)) {
                    int status = Http.raw(app.baseUri(), base + target, h, lines);
                    assertTrue(status < 500, target + " " + List.of(lines) + " -> " + status);
                }
            }
            for (String h : hosts) {
                int status = Http.raw(app.baseUri(), base + target, h);
                assertTrue(status < 500, target + " Host: " + h + " -> " + status);
            }
        }
    }

    @Test
    void responsesTellSharedCachesHowLongToKeepThem() {
        assertEquals(
                "public, max-age=900",
                Http.get(uri("sitemap-pages-1.xml")).header("Cache-Control").orElseThrow());
        assertEquals(
                "public, max-age=900",
                Http.get(uri("sitemap.xml")).header("Cache-Control").orElseThrow());
        assertEquals(
                "public, max-age=900",
                Http.get(uri("robots.txt")).header("Cache-Control").orElseThrow());
        assertEquals(
                "public, max-age=900",
                Http.get(uri("sitemap.html")).header("Cache-Control").orElseThrow());
        assertEquals(
                "no-store",
                Http.get(uri("sitemap-pages-9.xml")).header("Cache-Control").orElseThrow());
    }

    @Test
    void anExplicitZeroQualityExcludesGzip() {
        assertFalse(Http.get(uri("sitemap-pages-1.xml"), "Accept-Encoding", "gzip;q=0, *")
                .header("Content-Encoding")
                .isPresent());
        assertFalse(Http.get(uri("sitemap-pages-1.xml"), "Accept-Encoding", "*, x-gzip;q=0.0, gzip;q=0")
                .header("Content-Encoding")
                .isPresent());
        assertEquals(
                "gzip",
                Http.get(uri("sitemap-pages-1.xml"), "Accept-Encoding", "br, *;q=0.5")
                        .header("Content-Encoding")
                        .orElseThrow());
    }

    @Test
    void notModifiedCarriesNoContentLengthOfZero() {
        for (String p : List.of(
                "sitemap-pages-1.xml",
                "sitemap.xml",
                "robots.txt",
                "sitemap.html",
                "sitemap.html?section=pages&page=1")) {
            Http.Response ok = Http.get(uri(p));
            Http.Response notModified =
                    Http.get(uri(p), "If-None-Match", ok.header("ETag").orElseThrow());
            assertEquals(304, notModified.status(), p);
            notModified
                    .header("Content-Length")
                    .ifPresent(length -> assertEquals(
                            Integer.toString(ok.body().length),
                            length,
                            p + ": RFC 9110 8.6 allows only the 200's length"));
        }
    }

    @Test
    void theHtmlViewIsCompressedAndHeadTellsItsRealLength() {
        for (String p : List.of("sitemap.html", "sitemap.html?section=products&page=1")) {
            Http.Response get = Http.get(uri(p));
            Http.Response head = Http.head(uri(p));
            assertEquals(200, head.status());
            assertEquals(
                    Integer.toString(get.body().length),
                    head.header("Content-Length").orElseThrow(),
                    p);
            assertEquals(get.header("ETag"), head.header("ETag"));
            Http.Response gzip = Http.get(uri(p), "Accept-Encoding", "gzip");
            assertEquals("gzip", gzip.header("Content-Encoding").orElseThrow(), p);
            assertArrayEquals(get.body(), gunzip(gzip.body()), p);
            assertEquals(Http.get(uri(p)).header("ETag"), get.header("ETag"), "rendered once, the same bytes after");
        }
    }

    @Test
    void aStuckSectionAnswersFast503sWhileTheOthersServe() throws Exception {
        Map<String, String> params = new HashMap<>(PARAMS);
        params.put("it.stuck", "true");
        params.put("sitemapkit.render-wait", "1s");
        params.put("sitemapkit.render-deadline", "3s");
        try (Container stuck = start("", params)) {
            ExecutorService pool = Executors.newFixedThreadPool(40);
            try {
                List<Future<Http.Response>> answers = new ArrayList<>();
                for (int i = 0; i < 40; i++) {
                    URI target = stuck.baseUri().resolve(i % 2 == 0 ? "sitemap-stuck-1.xml" : "sitemap.xml");
                    answers.add(pool.submit(() -> Http.get(target)));
                }
                for (Future<Http.Response> f : answers) {
                    Http.Response r = f.get(20, TimeUnit.SECONDS);
                    assertEquals(503, r.status());
                    assertTrue(Integer.parseInt(r.header("Retry-After").orElseThrow()) >= 1);
                    assertEquals("no-store", r.header("Cache-Control").orElseThrow());
                }
            } finally {
                pool.shutdownNow();
            }
            assertEquals(
                    200,
                    Http.get(stuck.baseUri().resolve("sitemap-pages-1.xml")).status(),
                    "other sections serve");
            assertEquals(200, Http.get(stuck.baseUri().resolve("robots.txt")).status());
            assertEquals(
                    200,
                    Http.get(stuck.baseUri().resolve("sitemap-products-1.xml")).status());
        }
    }

    @Test
    void additionalSitemapsAreListedButLeftToTheApplicationAndExcludedPathsAreLeftOut() throws Exception {
        Map<String, String> params = new HashMap<>(PARAMS);
        params.put("sitemapkit.additional-sitemaps", "/sitemap-blog.xml");
        params.put("sitemapkit.exclude", "/products/1*, /about.html$");
        try (Container shop = start("", params)) {
            URI root = shop.baseUri().resolve("sitemap.xml");
            SiteMapIndex index = (SiteMapIndex) crawl(Http.get(root), root);
            List<String> listed = new ArrayList<>();
            index.getSitemaps().forEach(m -> listed.add(m.getUrl().toString()));
            String blog = shop.baseUri().resolve("sitemap-blog.xml").toString();
            assertEquals(blog, listed.get(listed.size() - 1), "listed after SitemapKit's own pages: " + listed);
            assertEquals(null, index.getSitemap(new URL(blog)).getLastModified());

            byte[] own = Files.readAllBytes(TestWar.dir().resolve("sitemap-blog.xml"));
            assertArrayEquals(own, Http.get(URI.create(blog)).body(), "the application serves it, untouched");

            Set<String> urls = new TreeSet<>();
            for (String page : listed.subList(0, listed.size() - 1)) {
                for (SiteMapURL u : ((SiteMap) crawl(Http.get(URI.create(page)), URI.create(page))).getSiteMapUrls()) {
                    urls.add(u.getUrl().toString());
                }
            }
            Set<String> expected = expectedUrls(shop.baseUri());
            expected.removeIf(u -> u.contains("/products/1") || u.endsWith("/about.html"));
            assertEquals(expected, urls);
            assertTrue(urls.contains(shop.baseUri().resolve("products/2").toString()));
        }
    }

    @Test
    void otherPathsPassThroughUntouched() {
        Http.Response index = Http.get(uri("index.html"));
        assertEquals(200, index.status());
        assertTrue(index.text().contains("SitemapKit test app"));
        assertEquals(404, Http.get(uri("no-such-page.html")).status());
        assertEquals(404, Http.get(uri("sitemap.xml.bak")).status());
    }

    @Test
    void robotsTxtMergesTheAppRulesAndNamesTheIndex() {
        Http.Response r = Http.get(uri("robots.txt"));
        assertEquals(200, r.status());
        assertEquals(
                "text/plain;charset=utf-8",
                r.header("Content-Type").orElseThrow().replace(" ", "").toLowerCase());
        String text = r.text();
        assertTrue(
                text.startsWith("User-agent: *\nDisallow: /private/\nCrawl-delay: 5\n"),
                "the WAR's static robots.txt, verbatim, Crawl-delay included: " + text);
        assertTrue(text.contains("User-agent: BadBot"), "the configured rules file: " + text);
        assertEquals(1, text.split("Sitemap: ", -1).length - 1, "one Sitemap line: " + text);
        BaseRobotRules rules = new SimpleRobotRulesParser()
                .parseContent(uri("robots.txt").toString(), r.body(), "text/plain", List.of("somebot"));
        assertEquals(List.of(uri("sitemap.xml").toString()), rules.getSitemaps());
        assertFalse(rules.isAllowed(uri("private/x").toString()));
        assertTrue(rules.isAllowed(uri("products/1").toString()));
        BaseRobotRules bad = new SimpleRobotRulesParser()
                .parseContent(uri("robots.txt").toString(), r.body(), "text/plain", List.of("badbot"));
        assertFalse(bad.isAllowed(uri("products/1").toString()));
        assertEquals(
                304,
                Http.get(uri("robots.txt"), "If-None-Match", r.header("ETag").orElseThrow())
                        .status());
    }

    @Test
    void aForgedHostIsRefusedAndPoisonsNothing() throws Exception {
        Http.Response forged = Http.get(uri("sitemap.xml"), "Host", "evil.example");
        assertEquals(404, forged.status(), "passed to the application, which has no sitemap.xml");
        assertFalse(forged.text().contains("<loc>"), forged.text());
        int port = app.baseUri().getPort();
        Http.Response otherPort = Http.get(uri("sitemap.xml"), "Host", "127.0.0.1:" + (port == 1 ? 2 : 1));
        assertEquals(404, otherPort.status(), "an allowed host with a port the request did not arrive on");
        Http.Response foreignRobots = Http.get(uri("robots.txt"), "Host", "evil.example");
        assertEquals(200, foreignRobots.status(), "a host not served gets the application's own robots.txt");
        assertEquals("User-agent: *\nDisallow: /private/\nCrawl-delay: 5\n", foreignRobots.text());
        for (String p : List.of("sitemap.html", "sitemap-pages-1.xml", "0123456789abcdef-KEY.txt")) {
            Http.Response r = Http.get(uri(p), "Host", "evil.example");
            assertEquals(404, r.status(), "passed to the application, which has no " + p);
            assertFalse(r.text().contains("<urlset") || r.text().equals("0123456789abcdef-KEY"), r.text());
        }

        Http.Response viaLocalhost = Http.get(uri("sitemap-pages-1.xml"), "Host", "localhost:" + port);
        assertEquals(200, viaLocalhost.status());
        assertTrue(viaLocalhost.text().contains("http://localhost:" + port + "/"), "served for the allowed host");
        Set<String> urls = crawlAll(app);
        assertEquals(expectedUrls(app.baseUri()), urls, "later requests see neither the forged nor the other host");
    }

    @Test
    void aRobotsTxtMadeByTheApplicationsCodeIsKeptWithTheSitemapLineAdded() throws Exception {
        Map<String, String> params = new HashMap<>(PARAMS);
        params.put("it.robots", "servlet");
        try (Container app = start("", params)) {
            URI robots = app.baseUri().resolve("robots.txt");
            Http.Response r = Http.get(robots);
            assertEquals(200, r.status());
            String expected = "User-agent: *\nDisallow: /from-servlet/\nCrawl-delay: 7\n\n"
                    + "User-agent: BadBot\nDisallow: /\n\nSitemap: "
                    + app.baseUri().resolve("sitemap.xml") + "\n";
            assertEquals(expected, r.text(), "the servlet's answer, then the rules file, then the Sitemap line");
            assertNotEquals("\"the-app-etag\"", r.header("ETag").orElseThrow(), "the amended file has its own ETag");
            assertEquals(
                    Integer.toString(r.body().length),
                    r.header("Content-Length").orElseThrow());
            assertEquals(
                    304,
                    Http.get(robots, "If-None-Match", r.header("ETag").orElseThrow())
                            .status());
            Http.Response head = Http.head(robots);
            assertEquals(200, head.status());
            assertEquals(
                    Integer.toString(r.body().length),
                    head.header("Content-Length").orElseThrow());
            Http.Response gzip = Http.get(robots, "Accept-Encoding", "gzip", "Range", "bytes=0-3");
            assertEquals(expected, gzip.text(), "whole and identity whatever the client asks");
        }
        params.put("it.robots", "missing");
        try (Container app = start("", params)) {
            Http.Response r = Http.get(app.baseUri().resolve("robots.txt"));
            assertEquals(200, r.status());
            assertEquals(
                    "User-agent: BadBot\nDisallow: /\n\nSitemap: "
                            + app.baseUri().resolve("sitemap.xml") + "\n",
                    r.text(),
                    "no robots.txt of the application's own: the rules file and the Sitemap line");
        }
        // Open Liberty's default servlet reports a missing file by throwing FileNotFoundException
        // (issue 19: answered 404 before, with no log line): it means "no file" too.
        params.put("it.robots", "not-found-exception");
        try (Container app = start("", params)) {
            Http.Response r = Http.get(app.baseUri().resolve("robots.txt"));
            assertEquals(200, r.status());
            assertEquals(
                    "User-agent: BadBot\nDisallow: /\n\nSitemap: "
                            + app.baseUri().resolve("sitemap.xml") + "\n",
                    r.text());
        }
        params.put("it.robots", "redirect");
        try (Container app = start("", params)) {
            Http.Response r = Http.get(app.baseUri().resolve("robots.txt"));
            assertEquals(302, r.status(), "an answer that is not a file is the application's, unchanged");
            assertTrue(r.header("Location").orElseThrow().endsWith("/elsewhere/robots.txt"));
        }
    }

    @Test
    void anApplicationsRobotsTxtKeepsItsCharactersWhateverCharsetItWasWrittenIn() throws Exception {
        for (String charset : List.of("utf-8", "windows-1251")) {
            Map<String, String> params = new HashMap<>(PARAMS);
            params.put("it.robots", charset);
            try (Container app = start("", params)) {
                Http.Response r = Http.get(app.baseUri().resolve("robots.txt"));
                assertEquals(200, r.status());
                assertTrue(r.text().startsWith(ItRobots.NON_ASCII), charset + ": " + r.text());
                assertTrue(r.text().contains("Sitemap: "), r.text());
            }
        }
    }

    @Test
    void aRobotsTxtWrittenAsynchronouslyIsTheApplicationsWhole() throws Exception {
        Map<String, String> params = new HashMap<>(PARAMS);
        params.put("it.robots", "async");
        try (Container app = start("", params)) {
            Http.Response r = Http.get(app.baseUri().resolve("robots.txt"));
            assertEquals(200, r.status());
            assertEquals(
                    "User-agent: *\nDisallow: /from-servlet/\nCrawl-delay: 7\n", r.text(), "its rules, never lost");
        }
    }

    @Test
    void urlsTheSitesOwnRobotsTxtDisallowsAreLeftOut() throws Exception {
        String secret = uri("private/secret.html").toString();
        assertFalse(crawlAll(app).contains(secret), "Disallow: /private/ in the WAR's robots.txt");
        Map<String, String> params = new HashMap<>(PARAMS);
        params.put("sitemapkit.robots-check", "false");
        try (Container unchecked = start("", params)) {
            assertTrue(crawlAll(unchecked)
                    .contains(unchecked.baseUri().resolve("private/secret.html").toString()));
        }
    }

    @Test
    void robotsTxtCanBeLeftToTheApplication() throws Exception {
        Map<String, String> params = new HashMap<>(PARAMS);
        params.put("sitemapkit.robots-txt", "application");
        try (Container app = start("", params)) {
            assertEquals(
                    "User-agent: *\nDisallow: /private/\nCrawl-delay: 5\n",
                    Http.get(app.baseUri().resolve("robots.txt")).text());
            assertEquals(200, Http.get(app.baseUri().resolve("sitemap.xml")).status());
        }
    }

    @Test
    void rulesFilesWithFieldsRfc9309LacksAreServedAsWritten() throws Exception {
        Map<String, String> params = new HashMap<>(PARAMS);
        params.put("sitemapkit.robots", "/WEB-INF/robots-extra.txt");
        try (Container app = start("", params)) {
            String text = Http.get(app.baseUri().resolve("robots.txt")).text();
            for (String line : List.of(
                    "Crawl-delay: 5",
                    "Host: shop.example.com",
                    "Clean-param: ref /products/",
                    "X-Unknown-Field: kept",
                    "no colon on this line",
                    "Sitemap: " + app.baseUri().resolve("sitemap.xml"))) {
                assertTrue(text.contains(line + "\n"), line + " in " + text);
            }
        }
    }

    @Test
    void variantsOfOneHostAreOneSite() throws Exception {
        try (Container fresh = start("", PARAMS)) {
            int port = fresh.baseUri().getPort();
            URI page = fresh.baseUri().resolve("sitemap-products-1.xml");
            Http.Response first = Http.get(page, "Host", "localhost:" + port);
            assertEquals(200, first.status());
            for (String host : List.of("LOCALHOST:" + port, "localhost.:" + port, "LocalHost.:" + port)) {
                Http.Response r = Http.get(page, "Host", host);
                assertEquals(200, r.status(), host);
                assertEquals(first.header("ETag"), r.header("ETag"), host);
            }
            assertEquals(
                    "1",
                    Http.get(fresh.baseUri().resolve("it/control?renders=products"))
                            .text(),
                    "one render for every spelling of the host");
        }
    }

    @Test
    void moreThanFiftyThousandPagesAreListedBySeveralIndexesNamedInRobotsTxt() throws Exception {
        Map<String, String> params = new HashMap<>(PARAMS);
        params.put("sitemapkit.max-urls", "1");
        params.put("it.many", "50000");
        params.put("sitemapkit.render-wait", "2m"); // 50,000 one-URL pages: the point is the indexes, not the wait
        try (Container big = start("", params)) {
            Http.Response first = Http.get(big.baseUri().resolve("sitemap.xml"));
            assertEquals(200, first.status(), "never a permanent 503");
            SiteMapIndex one = (SiteMapIndex) crawl(first, big.baseUri().resolve("sitemap.xml"));
            assertEquals(50_000, one.getSitemaps().size());
            Http.Response second = Http.get(big.baseUri().resolve("sitemap-2.xml"));
            assertEquals(200, second.status());
            SiteMapIndex two = (SiteMapIndex) crawl(second, big.baseUri().resolve("sitemap-2.xml"));
            assertEquals(
                    50_000 + 3 + ItSources.PRODUCTS + 2 - 50_000,
                    two.getSitemaps().size(),
                    "every page, once");
            assertEquals(
                    404, Http.get(big.baseUri().resolve("sitemap-3.xml")).status(), "not ours: the application's 404");
            BaseRobotRules rules = new SimpleRobotRulesParser()
                    .parseContent(
                            big.baseUri().resolve("robots.txt").toString(),
                            Http.get(big.baseUri().resolve("robots.txt")).body(),
                            "text/plain",
                            List.of("somebot"));
            assertEquals(
                    List.of(
                            big.baseUri().resolve("sitemap.xml").toString(),
                            big.baseUri().resolve("sitemap-2.xml").toString()),
                    rules.getSitemaps());
        }
    }

    @Test
    void unservedHostsAreNamedOnceEachAndOnlyForABoundedNumberOfHosts() {
        List<String> warnings;
        try (LogRecords logs = LogRecords.of("org.sitemapkit", Level.WARNING)) {
            for (int round = 0; round < 2; round++) {
                for (int i = 0; i < 100; i++) {
                    Http.get(uri("robots.txt"), "Host", "unserved-" + i + ".example");
                }
            }
            warnings = logs.containing("is not served");
        }
        assertTrue(warnings.size() >= 1 && warnings.size() <= 33, warnings.size() + " warnings");
        assertTrue(
                warnings.get(0).contains("sitemapkit.base-url")
                        && warnings.get(0).contains("sitemapkit.allowed-hosts"),
                warnings.get(0));
        assertEquals(warnings.size(), new TreeSet<>(warnings).size(), "each host once");
    }

    @Test
    void aConfiguredBaseUrlIgnoresTheHostHeader() throws Exception {
        Map<String, String> params = new HashMap<>(PARAMS);
        params.put("sitemapkit.base-url", "https://shop.example.com/");
        try (Container shop = start("", params)) {
            Http.Response r = Http.get(shop.baseUri().resolve("sitemap-pages-1.xml"), "Host", "evil.example");
            assertEquals(200, r.status());
            assertTrue(r.text().contains("<loc>https://shop.example.com/about.html</loc>"), r.text());
            assertFalse(r.text().contains("evil"));
            String robots = Http.get(shop.baseUri().resolve("robots.txt"), "Host", "evil.example")
                    .text();
            assertTrue(robots.contains("Sitemap: https://shop.example.com/sitemap.xml"), robots);
        }
    }

    @Test
    void aNonRootContextListsItsOwnUrls() throws Exception {
        try (Container shop = start("/shop", PARAMS)) {
            assertTrue(shop.baseUri().getPath().equals("/shop/"));
            Set<String> expected = new TreeSet<>(expectedUrls(shop.baseUri()));
            // robots.txt paths are the host's: Disallow: /private/ does not reach /shop/private/
            expected.add(shop.baseUri().resolve("private/secret.html").toString());
            assertEquals(expected, crawlAll(shop));
            String robots = Http.get(shop.baseUri().resolve("robots.txt")).text();
            assertTrue(robots.contains("Sitemap: " + shop.baseUri().resolve("sitemap.xml")), robots);
        }
    }

    @Test
    void sixtyFourConcurrentRequestsForAColdPageRenderItOnce() throws Exception {
        try (Container cold = start("", PARAMS)) {
            URI page = cold.baseUri().resolve("sitemap-products-1.xml");
            ExecutorService pool = Executors.newFixedThreadPool(64);
            try {
                List<Future<Http.Response>> responses = new ArrayList<>();
                for (int i = 0; i < 64; i++) {
                    responses.add(pool.submit(() -> Http.get(page)));
                }
                Set<String> etags = new TreeSet<>();
                for (Future<Http.Response> f : responses) {
                    Http.Response r = f.get();
                    assertEquals(200, r.status());
                    etags.add(r.header("ETag").orElseThrow());
                }
                assertEquals(1, etags.size());
            } finally {
                pool.shutdownNow();
            }
            assertEquals(
                    "1",
                    Http.get(cold.baseUri().resolve("it/control?renders=products"))
                            .text());
        }
    }

    @Test
    void aFailingSourceKeepsTheLastGoodPage() {
        Http.Response good = Http.get(uri("sitemap-flaky-1.xml"));
        assertEquals(200, good.status());
        try {
            assertEquals("true", Http.get(uri("it/control?failing=true")).text());
            assertEquals(
                    "refresh failed",
                    Http.get(uri("it/control?invalidate=flaky")).text());
            Http.Response stale = Http.get(uri("sitemap-flaky-1.xml"));
            assertEquals(200, stale.status());
            assertArrayEquals(good.body(), stale.body());
            assertEquals(200, Http.get(uri("sitemap.xml")).status());
        } finally {
            Http.get(uri("it/control?failing=false"));
        }
    }

    @Test
    void aSourceThatNeverWorkedIs503WithRetryAfterButRobotsStays200() throws Exception {
        Map<String, String> params = new HashMap<>(PARAMS);
        params.put("it.fail", "true");
        try (Container broken = start("", params)) {
            Http.Response page = Http.get(broken.baseUri().resolve("sitemap-flaky-1.xml"));
            assertEquals(503, page.status());
            assertTrue(Integer.parseInt(page.header("Retry-After").orElseThrow()) > 0);
            assertFalse(page.text().contains("<urlset"));
            assertEquals(
                    503, Http.get(broken.baseUri().resolve("sitemap.xml")).status(), "no index without every section");
            assertEquals(
                    200,
                    Http.get(broken.baseUri().resolve("sitemap-pages-1.xml")).status(),
                    "other sections serve");
            assertEquals(200, Http.get(broken.baseUri().resolve("robots.txt")).status());
        }
    }

    @Test
    void aFailingSectionLogsOncePerRenderNotOncePerRequest() throws Exception {
        Map<String, String> params = new HashMap<>(PARAMS);
        params.put("it.fail", "true");
        List<String> records;
        try (Container broken = start("", params);
                LogRecords logs = LogRecords.of("org.sitemapkit", Level.WARNING)) {
            for (int i = 0; i < 300; i++) {
                assertEquals(
                        503,
                        Http.get(broken.baseUri().resolve(i % 2 == 0 ? "sitemap-flaky-1.xml" : "sitemap.xml"))
                                .status());
            }
            records = logs.containing("flaky");
        }
        assertTrue(
                records.size() <= 2,
                "300 requests against a failing section logged " + records.size() + ": " + records);
    }

    @Test
    void indexNowKeyFile() {
        Http.Response r = Http.get(uri("0123456789abcdef-KEY.txt"));
        assertEquals(200, r.status());
        assertEquals("0123456789abcdef-KEY", r.text());
        assertTrue(r.header("Content-Type").orElseThrow().startsWith("text/plain"));
        assertEquals(404, Http.get(uri("0123456789abcdef-KEX.txt")).status());
    }

    @Test
    void htmlViewListsTheSameEntries() {
        Http.Response overview = Http.get(uri("sitemap.html"));
        assertEquals(200, overview.status());
        assertTrue(overview.header("Content-Type").orElseThrow().startsWith("text/html"));
        assertTrue(overview.text().contains("sitemap.html?section=products&amp;page=3"), overview.text());
        Http.Response page = Http.get(uri("sitemap.html?section=pages&page=1"));
        assertEquals(200, page.status());
        assertTrue(page.text().contains("<a href=\"" + uri("about.html") + "\">"), page.text());
    }
}
