package org.sitemapkit.internal.status;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.render.UrlSources;
import org.sitemapkit.internal.service.SitemapService;
import org.sitemapkit.internal.service.UnavailableException;
import org.sitemapkit.internal.store.MemoryPageStore;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;

/**
 * The health check over a running engine: up whatever fails unless {@code health-down} opts in, one line per
 * section, and never the text of a failure, which may name hosts and credentials and a health endpoint may be
 * public.
 */
class HealthTest {
    private static final Site SITE = Site.of("https://shop.example.com/");
    private static final String SECRET = "connection to db.internal:5432 refused for user shop";

    private SitemapService service;

    /** A source of three URLs that fails, when told to, with a message no health check may show. */
    static final class Switchable implements UrlSource {
        private final String section;
        volatile boolean fail;

        Switchable(String section) {
            this.section = section;
        }

        @Override
        public String section() {
            return section;
        }

        @Override
        public Stream<SitemapUrl> urls(Site site) {
            if (fail) {
                throw new IllegalStateException(SECRET);
            }
            return IntStream.rangeClosed(1, 3).mapToObj(i -> SitemapUrl.of(site.url(section + "/" + i)));
        }
    }

    @AfterEach
    void close() {
        if (service != null) {
            service.close();
        }
    }

    private SitemapService start(UrlSource... sources) {
        UrlSources all = new UrlSources();
        for (UrlSource s : sources) {
            all.register(s);
        }
        service = new SitemapService(Settings.defaults(), all, new MemoryPageStore());
        return service;
    }

    @Test
    void withoutARunningFilterItIsUpAndSaysSo() {
        Health h = Health.of(null, Health.DownWhen.STALE);
        assertTrue(h.up());
        assertEquals(Map.of("serving", false), h.data());
    }

    @Test
    void healthySectionsAreUpUnderEveryRule() throws Exception {
        start(new Switchable("products"));
        service.page(SITE, "products", 1).orElseThrow();
        for (Health.DownWhen rule : Health.DownWhen.values()) {
            Health h = Health.of(service.status(), rule);
            assertTrue(h.up(), rule.name());
            assertEquals(1L, h.data().get("sections"));
            assertEquals(0L, h.data().get("stale"));
            assertEquals(0L, h.data().get("failing"));
            String line = (String) h.data().get("https://shop.example.com/ products");
            assertTrue(line.startsWith("ok: 3 URLs rendered at "), line);
        }
    }

    @Test
    void staleAndFailingSectionsAreReportedUpByDefaultAndDownOnlyAsTheRuleSays() throws Exception {
        Switchable products = new Switchable("products");
        Switchable news = new Switchable("news");
        news.fail = true;
        start(products, news);
        service.page(SITE, "products", 1).orElseThrow();
        assertThrows(UnavailableException.class, () -> service.page(SITE, "news", 1));
        products.fail = true;
        service.invalidate("products").handle((v, e) -> null).get();
        assertEquals("stale", state("products"));
        assertEquals("failing", state("news"));

        Health never = Health.of(service.status(), Health.DownWhen.NEVER);
        assertTrue(never.up(), "a stale or failing sitemap takes no site out of its load balancer by default");
        assertEquals(1L, never.data().get("stale"));
        assertEquals(1L, never.data().get("failing"));
        String stale = (String) never.data().get("https://shop.example.com/ products");
        assertTrue(stale.startsWith("stale since ") && stale.contains("serving the 3 URLs rendered at "), stale);
        String failing = (String) never.data().get("https://shop.example.com/ news");
        assertTrue(failing.startsWith("failing since ") && failing.contains("no page to serve (503)"), failing);
        for (Object value : never.data().values()) {
            assertFalse(
                    String.valueOf(value).contains("db.internal")
                            || String.valueOf(value).contains("IllegalState"),
                    "the failure's text and type stay in JMX and the status page: " + value);
        }

        assertFalse(Health.of(service.status(), Health.DownWhen.FAILING).up(), "news has no page to serve");
        assertFalse(Health.of(service.status(), Health.DownWhen.STALE).up());
        assertEquals(
                never.data(),
                Health.of(service.status(), Health.DownWhen.STALE).data(),
                "the rule changes only the status");
    }

    @Test
    void aStaleSectionAloneIsDownOnlyUnderStale() throws Exception {
        Switchable products = new Switchable("products");
        start(products);
        service.page(SITE, "products", 1).orElseThrow();
        products.fail = true;
        service.invalidate("products").handle((v, e) -> null).get();
        assertEquals("stale", state("products"));
        assertTrue(Health.of(service.status(), Health.DownWhen.FAILING).up(), "its old pages are still served");
        assertFalse(Health.of(service.status(), Health.DownWhen.STALE).up());
    }

    private String state(String section) {
        return service.status().sections().stream()
                .filter(s -> s.section().equals(section))
                .findFirst()
                .orElseThrow()
                .state();
    }
}
