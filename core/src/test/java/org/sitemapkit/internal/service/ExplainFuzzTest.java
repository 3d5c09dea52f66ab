package org.sitemapkit.internal.service;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.html.HtmlView;
import org.sitemapkit.internal.render.UrlSources;
import org.sitemapkit.internal.status.Explanation;
import org.sitemapkit.internal.store.MemoryPageStore;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;

/**
 * {@code /sitemap.html?explain=}: any query a client sends is read strictly or refused, and any URL
 * it names gets an explanation with one of the documented outcomes, never an exception (a 5xx).
 */
class ExplainFuzzTest {
    private static final Site SITE = Site.of("https://shop.example.com/shop/");
    private static final Set<String> OUTCOMES =
            Set.of("listed", "skipped", "not-yet", "not-produced", "unknown", "not-on-this-site", "not-a-url", "busy");
    /** Made at the first input, not in the class initializer, which the render thread's source lambda would wait for. */
    private static SitemapService service;

    private static SitemapService service() {
        UrlSources sources = new UrlSources()
                .register(UrlSource.of(
                        "products",
                        site -> Stream.of(SitemapUrl.of(site.url("p/1")), SitemapUrl.of(site.url("p/ü?a=1&b=2")))));
        SitemapService s = new SitemapService(
                Settings.builder().baseUrl(SITE).exclude(List.of("/shop/cart$")).build(),
                sources,
                new MemoryPageStore());
        try {
            s.section(SITE, "products");
        } catch (UnavailableException e) {
            throw new IllegalStateException(e);
        }
        return s;
    }

    @AfterAll
    static void close() {
        if (service != null) {
            service.close();
        }
    }

    @FuzzTest(maxDuration = "20s")
    void explain(FuzzedDataProvider data) {
        String query = data.consumeRemainingAsString();
        String url = HtmlView.explainParameter(query);
        if (url == null) {
            return; // a 400
        }
        if (service == null) {
            service = service();
        }
        Explanation e = service.explain(SITE, url);
        if (!OUTCOMES.contains(e.outcome()) || e.facts().isEmpty() || e.text() == null) {
            throw new AssertionError("an explanation always has a documented outcome and facts: " + e);
        }
    }
}
