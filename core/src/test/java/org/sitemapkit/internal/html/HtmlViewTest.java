package org.sitemapkit.internal.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.render.UrlSources;
import org.sitemapkit.internal.service.SitemapService;
import org.sitemapkit.internal.store.MemoryPageStore;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;

class HtmlViewTest {
    @Test
    void escapesEverythingHtmlTreatsSpecially() {
        assertEquals("a&amp;b &lt;i&gt; &quot;q&quot; &#39;s&#39;", HtmlView.escape("a&b <i> \"q\" 's'"));
        String plain = "https://shop.example.com/products/1";
        assertSame(plain, HtmlView.escape(plain), "nothing to escape, nothing copied");
    }

    static String nav(HtmlView view, String query) throws Exception {
        HtmlDocument d = view.answer(query, Site.of("https://a.example.com/")).document();
        String html = new String(
                new GZIPInputStream(new ByteArrayInputStream(d.gzip())).readAllBytes(), StandardCharsets.UTF_8);
        return html.substring(html.indexOf("<h1>"), html.indexOf("</nav>"));
    }

    @Test
    void aCachedPageShowsItsOwnSectionAndNeighbours() throws Exception {
        int[] count = {4};
        UrlSources sources = new UrlSources()
                .register(UrlSource.of(
                        "s", site -> IntStream.range(0, count[0]).mapToObj(i -> SitemapUrl.of(site.url("p" + i)))))
                .register(UrlSource.of("twin-a", site -> Stream.of(SitemapUrl.of(site.url("same")))))
                .register(UrlSource.of("twin-b", site -> Stream.of(SitemapUrl.of(site.url("same")))));
        try (SitemapService service =
                new SitemapService(Settings.builder().maxUrls(2).build(), sources, new MemoryPageStore())) {
            HtmlView view = new HtmlView(service);
            Assertions.assertTrue(nav(view, "section=s&page=2").contains("page 2 of 2"));
            count[0] = 5;
            service.invalidate("s").get(10, TimeUnit.SECONDS);
            String grown = nav(view, "section=s&page=2");
            Assertions.assertTrue(grown.contains("page 2 of 3") && grown.contains("rel=\"next\""), grown);
            Assertions.assertTrue(
                    nav(view, "section=twin-b&page=1").contains("twin-b: page 1"),
                    "the same bytes in another section are another page");
        }
    }
}
