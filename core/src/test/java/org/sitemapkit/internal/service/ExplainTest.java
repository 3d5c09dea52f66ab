package org.sitemapkit.internal.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.render.PageOptions;
import org.sitemapkit.internal.render.UrlSources;
import org.sitemapkit.internal.robots.RobotsRules;
import org.sitemapkit.internal.source.Routes;
import org.sitemapkit.internal.status.Explanation;
import org.sitemapkit.internal.store.MemoryPageStore;
import org.sitemapkit.model.Lastmod;
import org.sitemapkit.model.News;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;

/**
 * "Why is this URL (not) listed?" answered for a listed URL, for each skip reason a URL can be
 * asked about, for a URL a source gives after the last render, for a route no row filled, and for
 * a URL nothing produces.
 */
class ExplainTest {
    static final Site SITE = Site.of("https://shop.example.com/shop/");
    final AtomicLong now = new AtomicLong(Instant.parse("2026-11-28T10:00:00Z").toEpochMilli());
    final List<SitemapService> services = new ArrayList<>();
    final AtomicBoolean late = new AtomicBoolean();

    /** The products, one of them with a lastmod, one whose entry is too large, one news article too old. */
    final UrlSource products = UrlSource.of(
            "products",
            site -> Stream.concat(
                    Stream.of(
                            SitemapUrl.builder(site.url("p/1"))
                                    .lastmod(Lastmod.of(Instant.parse("2026-11-20T08:00:00Z")))
                                    .build(),
                            SitemapUrl.of(site.url("p/2")),
                            SitemapUrl.of(site.url("cart")),
                            SitemapUrl.of(site.url("private/x")),
                            SitemapUrl.builder(site.url("p/huge"))
                                    .alternate("en", site.url("p/huge"))
                                    .alternate("de", site.url("de/" + "x".repeat(1_500)))
                                    .alternate("fr", site.url("fr/" + "y".repeat(1_500)))
                                    .build(),
                            SitemapUrl.builder(site.url("news/old"))
                                    .news(News.of(
                                            "Daily",
                                            "en",
                                            Lastmod.of(Instant.now().minus(Duration.ofDays(5))),
                                            "Old"))
                                    .build()),
                    late.get() ? Stream.of(SitemapUrl.of(site.url("p/late"))) : Stream.empty()));

    /** A section made of one route, /items/{id}, whose rows give items 1 and 2 only. */
    static final class Items implements UrlSource, Routes {
        @Override
        public String section() {
            return "items";
        }

        @Override
        public Stream<SitemapUrl> urls(Site site) {
            return Stream.of(SitemapUrl.of(site.url("items/1")), SitemapUrl.of(site.url("items/2")));
        }

        @Override
        public List<Route> routes() {
            Predicate<String> matches = path -> path.matches("/items/[^/]+");
            return List.of(new Route("/items/{id}", "ItemResource#item, rows of ItemIds", matches));
        }
    }

    SitemapService service() throws Exception {
        UrlSources s = new UrlSources().register(products).register(new Items());
        Settings settings = Settings.builder()
                .baseUrl(SITE)
                .exclude(List.of("/shop/cart$"))
                .maxBytes(2_500)
                .newsExpired(PageOptions.NewsExpired.SKIP)
                .build();
        SitemapService service = new SitemapService(settings, s, new MemoryPageStore(), now::get);
        services.add(service);
        service.robotsRules(site -> RobotsRules.disallowing(List.of("/shop/private/")));
        service.section(SITE, "products");
        service.section(SITE, "items");
        return service;
    }

    @AfterEach
    void close() {
        services.forEach(SitemapService::close);
    }

    private static Map<String, String> facts(Explanation e) {
        return e.facts().stream()
                .collect(Collectors.toMap(Explanation.Fact::label, Explanation.Fact::text, (a, b) -> a + "; " + b));
    }

    @Test
    void aListedUrlTellsItsSectionPageLastmodRenderCheckAndIndexNow() throws Exception {
        SitemapService service = service();
        Explanation e = service.explain(SITE, "https://shop.example.com/shop/p/1");
        assertEquals("listed", e.outcome(), e.text());
        Map<String, String> f = facts(e);
        assertEquals("products", f.get("section"));
        assertTrue(f.get("page").startsWith("1 of 1 (sitemap-products-1.xml), entry 1"), e.text());
        assertEquals("2026-11-20T08:00:00Z, as the source gave it", f.get("lastmod"));
        assertEquals(Instant.ofEpochMilli(now.get()).toString(), f.get("rendered"));
        assertTrue(f.get("source").contains("products"), e.text());
        assertTrue(f.get("page check").startsWith("not checked"), e.text());
        assertEquals("off (no indexnow-key)", f.get("IndexNow"));
        assertEquals(
                "none: the source gives none for it",
                facts(service.explain(SITE, "/shop/p/2")).get("lastmod"));
    }

    @Test
    void eachSkipReasonIsNamed() throws Exception {
        SitemapService service = service();
        Map<String, String> skipped = Map.of(
                "https://shop.example.com/shop/cart",
                "EXCLUDED",
                "https://shop.example.com/shop/private/x",
                "ROBOTS_DISALLOWED",
                "https://shop.example.com/shop/p/huge",
                "LARGER_THAN_PAGE",
                "https://shop.example.com/shop/news/old",
                "NEWS_EXPIRED",
                "https://shop.example.com/shop/a/../b",
                "DOT_SEGMENT",
                "https://shop.example.com/other",
                "OUTSIDE_DIRECTORY",
                "https://shop.example.com/shop/" + "z".repeat(2_100),
                "TOO_LONG",
                "https://user@shop.example.com/shop/p/1",
                "MALFORMED");
        skipped.forEach((url, reason) -> {
            Explanation e = service.explain(SITE, url);
            assertEquals("skipped", e.outcome(), e.text());
            assertTrue(facts(e).get("skipped").startsWith(reason + ": "), e.text());
        });
        for (String other : List.of(
                "https://other.example.com/shop/p/1",
                "http://shop.example.com/shop/p/1",
                "https://shop.example.com:8443/shop/p/1")) {
            assertEquals("not-on-this-site", service.explain(SITE, other).outcome(), other);
        }
    }

    @Test
    void aUrlTheSourceGivesAfterTheRenderIsNotYetListed() throws Exception {
        SitemapService service = service();
        late.set(true);
        Explanation e = service.explain(SITE, "https://shop.example.com/shop/p/late");
        assertEquals("not-yet", e.outcome(), e.text());
        assertTrue(facts(e).get("not yet").contains("before it"), e.text());
    }

    @Test
    void aRouteNoRowFilledAndAUrlNothingProducesAreToldApart() throws Exception {
        SitemapService service = service();
        assertEquals("listed", service.explain(SITE, "/shop/items/2").outcome());
        Explanation route = service.explain(SITE, "/shop/items/3");
        assertEquals("not-produced", route.outcome(), route.text());
        assertTrue(
                facts(route).get("route").contains("/items/{id} (ItemResource#item, rows of ItemIds)"), route.text());
        Explanation none = service.explain(SITE, "/shop/nothing/here");
        assertEquals("unknown", none.outcome(), none.text());
        assertTrue(
                facts(none).get("read").startsWith("every source of the site's sections read anew in "), none.text());
    }

    @Test
    void whatIsNoUrlIsSaid() throws Exception {
        SitemapService service = service();
        for (String bad : List.of("", "   ", "not a url", "mailto:x@example.com", "x".repeat(5_000))) {
            assertEquals("not-a-url", service.explain(SITE, bad).outcome(), bad);
        }
        assertEquals("not-a-url", service.explain(SITE, null).outcome());
    }

    @Test
    void viewsWithoutARequestFindTheSiteFromTheUrl() throws Exception {
        SitemapService service = service();
        assertEquals(
                "listed", service.explain("https://shop.example.com/shop/p/1").outcome());
        assertEquals(
                "not-on-this-site",
                service.explain("https://elsewhere.example.com/p/1").outcome());
    }
}
