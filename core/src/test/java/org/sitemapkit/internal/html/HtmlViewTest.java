package org.sitemapkit.internal.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.render.UrlSources;

class HtmlViewTest {
    @Test
    void escapesEverythingHtmlTreatsSpecially() {
        assertEquals("a&amp;b &lt;i&gt; &quot;q&quot; &#39;s&#39;", HtmlView.escape("a&b <i> \"q\" 's'"));
        String plain = "https://shop.example.com/products/1";
        assertSame(plain, HtmlView.escape(plain), "nothing to escape, nothing copied");
    }

    static String nav(HtmlView view, String query) throws Exception {
        HtmlDocument d = view.answer(query, org.sitemapkit.model.Site.of("https://a.example.com/"))
                .document();
        String html = new String(
                new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(d.gzip())).readAllBytes(),
                java.nio.charset.StandardCharsets.UTF_8);
        return html.substring(html.indexOf("<h1>"), html.indexOf("</nav>"));
    }

    @Test
    void aCachedPageShowsItsOwnSectionAndNeighbours() throws Exception {
        int[] count = {4};
        UrlSources sources = new UrlSources()
                .register(org.sitemapkit.source.UrlSource.of(
                        "s",
                        site -> java.util.stream.IntStream.range(0, count[0])
                                .mapToObj(i -> org.sitemapkit.model.SitemapUrl.of(site.url("p" + i)))))
                .register(org.sitemapkit.source.UrlSource.of(
                        "twin-a",
                        site -> java.util.stream.Stream.of(org.sitemapkit.model.SitemapUrl.of(site.url("same")))))
                .register(org.sitemapkit.source.UrlSource.of(
                        "twin-b",
                        site -> java.util.stream.Stream.of(org.sitemapkit.model.SitemapUrl.of(site.url("same")))));
        try (org.sitemapkit.internal.service.SitemapService service =
                new org.sitemapkit.internal.service.SitemapService(
                        Settings.builder().maxUrls(2).build(),
                        sources,
                        new org.sitemapkit.internal.store.MemoryPageStore())) {
            HtmlView view = new HtmlView(service);
            org.junit.jupiter.api.Assertions.assertTrue(
                    nav(view, "section=s&page=2").contains("page 2 of 2"));
            count[0] = 5;
            service.invalidate("s").get(10, java.util.concurrent.TimeUnit.SECONDS);
            String grown = nav(view, "section=s&page=2");
            org.junit.jupiter.api.Assertions.assertTrue(
                    grown.contains("page 2 of 3") && grown.contains("rel=\"next\""), grown);
            org.junit.jupiter.api.Assertions.assertTrue(
                    nav(view, "section=twin-b&page=1").contains("twin-b: page 1"),
                    "the same bytes in another section are another page");
        }
    }
}
