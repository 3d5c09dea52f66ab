package org.sitemapkit.internal.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import crawlercommons.sitemaps.AbstractSiteMap;
import crawlercommons.sitemaps.SiteMap;
import crawlercommons.sitemaps.SiteMapIndex;
import crawlercommons.sitemaps.SiteMapParser;
import crawlercommons.sitemaps.SiteMapURL;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.render.UrlSources;
import org.sitemapkit.internal.store.CachedPage;
import org.sitemapkit.internal.store.MemoryPageStore;
import org.sitemapkit.model.Changefreq;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;
import org.sitemapkit.testsupport.LogRecords;

/** Section defaults, the exclude setting and additional sitemaps, as crawler-commons reads the result. */
class SectionFeaturesTest {
    static final Site SITE = Site.of("https://shop.example.com/");
    final List<SitemapService> services = new ArrayList<>();

    SitemapService service(Settings settings, UrlSource... sources) {
        UrlSources s = new UrlSources();
        for (UrlSource source : sources) {
            s.register(source);
        }
        SitemapService service = new SitemapService(settings, s, new MemoryPageStore());
        services.add(service);
        return service;
    }

    @AfterEach
    void close() {
        services.forEach(SitemapService::close);
    }

    static String xml(CachedPage page) throws IOException {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(page.gzip()))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static AbstractSiteMap parse(CachedPage page, String url) throws Exception {
        return new SiteMapParser(true).parseSiteMap(xml(page).getBytes(StandardCharsets.UTF_8), new URL(url));
    }

    static List<SiteMapURL> urls(SitemapService service, String section, int page) throws Exception {
        return new ArrayList<>(((SiteMap) parse(
                        service.page(SITE, section, page).orElseThrow(),
                        SITE.url("sitemap-" + section + "-" + page + ".xml")))
                .getSiteMapUrls());
    }

    @Test
    void sectionDefaultsApplyToUrlsThatSetNoneOfTheirOwn() throws Exception {
        UrlSource pages = UrlSource.of(
                        "pages",
                        site -> Stream.of(
                                SitemapUrl.of(site.url("/")),
                                SitemapUrl.builder(site.url("/news"))
                                        .changefreq(Changefreq.HOURLY)
                                        .priority(0.9)
                                        .build()))
                .changefreq(Changefreq.MONTHLY)
                .priority(0.3);
        SitemapService service = service(Settings.defaults(), pages);
        List<SiteMapURL> urls = urls(service, "pages", 1);
        assertEquals(SiteMapURL.ChangeFrequency.MONTHLY, urls.get(0).getChangeFrequency());
        assertEquals(0.3, urls.get(0).getPriority());
        assertEquals(SiteMapURL.ChangeFrequency.HOURLY, urls.get(1).getChangeFrequency(), "the URL's own wins");
        assertEquals(0.9, urls.get(1).getPriority());
    }

    @Test
    void aSectionPageSizeCutsOnlyThatSection() throws Exception {
        UrlSource small = UrlSource.of(
                        "products", site -> IntStream.range(0, 25).mapToObj(i -> SitemapUrl.of(site.url("/p/" + i))))
                .maxUrls(10);
        UrlSource pages = UrlSource.paths(
                "pages", IntStream.range(0, 25).mapToObj(i -> "/page/" + i).toArray(String[]::new));
        SitemapService service = service(Settings.defaults(), small, pages);
        SiteMapIndex index = (SiteMapIndex) parse(service.root(SITE).orElseThrow(), SITE.url("sitemap.xml"));
        assertEquals(4, index.getSitemaps().size(), "3 pages of products, 1 of pages");
        assertEquals(10, urls(service, "products", 1).size());
        assertEquals(5, urls(service, "products", 3).size());
        assertEquals(25, urls(service, "pages", 1).size());
    }

    @Test
    void aSectionPageSizeAboveMaxUrlsFailsNamingBoth() {
        UrlSource big = UrlSource.paths("pages", "/").maxUrls(2_000);
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> service(Settings.builder().maxUrls(1_000).build(), big));
        assertTrue(e.getMessage().contains("section pages has max-urls 2000"), e.getMessage());
        assertTrue(e.getMessage().contains("sitemapkit.max-urls=1000"), e.getMessage());
        assertThrows(
                IllegalArgumentException.class,
                () -> UrlSource.paths("pages", "/").maxUrls(0));
        assertThrows(
                IllegalArgumentException.class,
                () -> UrlSource.paths("pages", "/").maxUrls(50_001));
        assertThrows(
                IllegalArgumentException.class,
                () -> UrlSource.paths("pages", "/").priority(1.5));
    }

    @Test
    void sourcesOfOneSectionMustNotDisagreeOnADefault() {
        UrlSources sources = new UrlSources()
                .register(UrlSource.paths("pages", "/").changefreq(Changefreq.DAILY))
                .register(UrlSource.paths("pages", "/a").priority(0.4)); // different fields: fine
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> sources.register(UrlSource.paths("pages", "/b").changefreq(Changefreq.WEEKLY)));
        assertTrue(e.getMessage().contains("section pages has two default changefreq values"), e.getMessage());
        assertEquals(Changefreq.DAILY, sources.defaults("pages").changefreq());
        assertEquals(0.4, sources.defaults("pages").priority());
    }

    @Test
    void excludedPathsAreSkippedAndCountedWithTheirOwnReason() throws Exception {
        UrlSource pages = UrlSource.paths(
                "pages", "/", "/cart", "/cart/items", "/docs/a.pdf", "/docs/a.pdf.html", "/search?q=x", "/about");
        SitemapService service = service(
                Settings.builder()
                        .exclude(List.of("/cart$", "*.pdf$", "/search"))
                        .build(),
                pages);
        List<String> locs = urls(service, "pages", 1).stream()
                .map(u -> u.getUrl().toString())
                .toList();
        assertEquals(
                List.of(
                        "https://shop.example.com/",
                        "https://shop.example.com/cart/items",
                        "https://shop.example.com/docs/a.pdf.html",
                        "https://shop.example.com/about"),
                locs);
        assertEquals(Map.of("EXCLUDED", 3L), service.section(SITE, "pages").skipped());
    }

    @Test
    void aSkipTheApplicationAskedForIsNoWarningAFaultIs() throws Exception {
        try (LogRecords log = LogRecords.of("org.sitemapkit", java.util.logging.Level.INFO)) {
            SitemapService excluding = service(
                    Settings.builder().exclude(List.of("/cart$")).build(), UrlSource.paths("pages", "/", "/cart"));
            excluding.section(SITE, "pages");
            assertEquals(List.of(), log.containing("WARNING"), "exclude is the application's own rule");
            assertEquals(1, log.containing("INFO", "skipped 1: {EXCLUDED=1}").size(), String.join("\n", log.lines()));

            SitemapService faulty = service(
                    Settings.builder().build(),
                    UrlSource.of(
                            "news",
                            site -> java.util.stream.Stream.of(
                                    SitemapUrl.of(site.url("ok")), SitemapUrl.of("https://elsewhere.example.org/x"))));
            faulty.section(SITE, "news");
            assertEquals(2, log.containing("WARNING", "OTHER_HOST").size(), String.join("\n", log.lines()));
        }
    }

    @Test
    void additionalSitemapsAreListedInTheIndexWithoutLastmod() throws Exception {
        SitemapService service = service(
                Settings.builder()
                        .baseUrl("https://shop.example.com/")
                        .additionalSitemaps(List.of("/blog/sitemap.xml", "https://shop.example.com/sitemap-blog.xml"))
                        .build(),
                UrlSource.paths("pages", "/"));
        SiteMapIndex index = (SiteMapIndex) parse(service.root(SITE).orElseThrow(), SITE.url("sitemap.xml"));
        List<String> listed =
                index.getSitemaps().stream().map(s -> s.getUrl().toString()).toList();
        assertEquals(
                List.of(
                        "https://shop.example.com/sitemap-pages-1.xml",
                        "https://shop.example.com/blog/sitemap.xml",
                        "https://shop.example.com/sitemap-blog.xml"),
                listed,
                "one page of ours is an index once another sitemap joins it");
        assertEquals(null, index.getSitemaps().stream().toList().get(1).getLastModified());
        assertEquals(-1, service.root(SITE).orElseThrow().lastModifiedMillis(), "a blog's age is unknown");
    }

    @Test
    void additionalSitemapsCountTowardTheIndexLimit() throws Exception {
        List<String> blogs = IntStream.range(0, 49_999)
                .mapToObj(i -> "/blog/sitemap-" + i + ".xml")
                .toList();
        SitemapService service = service(
                Settings.builder().maxUrls(1).additionalSitemaps(blogs).build(), UrlSource.paths("pages", "/a", "/b"));
        assertTrue(service.index(SITE, 2).isPresent(), "2 pages + 49,999 others: a second index");
        String second = xml(service.index(SITE, 2).orElseThrow());
        assertEquals(1, second.split("<sitemap>").length - 1, second);
        assertTrue(second.contains("/blog/sitemap-49998.xml"), second);
    }

    @Test
    void additionalSitemapsAreCheckedNamingTheKey() {
        for (String bad : List.of("blog/sitemap.xml", "//cdn.example/sitemap.xml", "ftp://shop.example.com/s.xml")) {
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class, () -> Settings.builder().additionalSitemaps(List.of(bad)));
            assertTrue(e.getMessage().startsWith("additional-sitemaps: "), e.getMessage());
            assertTrue(e.getMessage().contains(bad), e.getMessage());
        }
        IllegalArgumentException other = assertThrows(
                IllegalArgumentException.class,
                () -> Settings.builder()
                        .baseUrl("https://shop.example.com/")
                        .additionalSitemaps(List.of("https://blog.example.com/sitemap.xml"))
                        .build());
        assertTrue(other.getMessage().contains("not on the host of base-url"), other.getMessage());
    }

    @Test
    void noUrlsAndNoAdditionalSitemapsIsStillNothing() throws Exception {
        SitemapService service = service(Settings.defaults(), UrlSource.of("pages", site -> Stream.empty()));
        assertTrue(service.root(SITE).isEmpty());
    }
}
