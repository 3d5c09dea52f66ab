package org.sitemapkit.internal.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.sitemapkit.internal.render.PageOptions;
import org.sitemapkit.internal.render.PageSink;
import org.sitemapkit.internal.render.PageSummary;
import org.sitemapkit.internal.render.RenderControl;
import org.sitemapkit.internal.render.Renderer;
import org.sitemapkit.internal.render.UrlSources;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;

/** The URLs a check reads back from a page the renderer wrote: as the page names them, with their alternates. */
class ListedUrlsTest {
    private static final Site SITE = Site.of("https://shop.example.com/");

    @Test
    void readsEveryLocAndItsAlternatesAsThePageWritesThem() throws IOException {
        byte[] page = render(List.of(
                        SitemapUrl.builder(SITE.url("p?a=1&b=2"))
                                .alternate("de", SITE.url("de/p?a=1&b=2"))
                                .alternate("x-default", SITE.url("p?a=1&b=2"))
                                .build(),
                        SitemapUrl.of(SITE.url("ü/straße"))))
                .get(0);
        List<ListedUrls.Listed> all = ListedUrls.read(page, null);
        assertEquals(2, all.size());
        assertEquals("https://shop.example.com/p?a=1&b=2", all.get(0).loc());
        assertEquals(
                Map.of(
                        "de",
                        "https://shop.example.com/de/p?a=1&b=2",
                        "x-default",
                        "https://shop.example.com/p?a=1&b=2"),
                all.get(0).alternates());
        assertEquals("https://shop.example.com/%C3%BC/stra%C3%9Fe", all.get(1).loc());
        assertEquals(Map.of(), all.get(1).alternates());
    }

    @Test
    void readsOnlyThePositionsAsked() throws IOException {
        byte[] page = render(IntStream.range(0, 100)
                        .mapToObj(i -> SitemapUrl.of(SITE.url("p/" + i)))
                        .toList())
                .get(0);
        List<ListedUrls.Listed> some = ListedUrls.read(page, new int[] {0, 17, 99});
        assertEquals(
                List.of(
                        "https://shop.example.com/p/0",
                        "https://shop.example.com/p/17",
                        "https://shop.example.com/p/99"),
                some.stream().map(ListedUrls.Listed::loc).toList());
    }

    @Test
    void aPageThatIsNoUrlsetIsRefused() {
        assertThrows(
                IOException.class,
                () -> ListedUrls.read(
                        new ByteArrayInputStream("<urlset><url>".getBytes(StandardCharsets.UTF_8)), null));
        assertThrows(
                IOException.class,
                () -> ListedUrls.read(
                        new ByteArrayInputStream("<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><x>&e;</x>"
                                .getBytes(StandardCharsets.UTF_8)),
                        null),
                "no DTD, no external entity");
    }

    /** The gzip pages the renderer writes for {@code urls}. */
    static List<byte[]> render(List<SitemapUrl> urls) throws IOException {
        List<byte[]> pages = new ArrayList<>();
        PageSink sink = new PageSink() {
            private ByteArrayOutputStream current;

            @Override
            public OutputStream openPage(String section, int number) {
                current = new ByteArrayOutputStream();
                return current;
            }

            @Override
            public void pageWritten(PageSummary page) {
                pages.add(current.toByteArray());
            }
        };
        UrlSources sources = new UrlSources().register(UrlSource.of("s", site -> urls.stream()));
        new Renderer(SITE, PageOptions.defaults().toBuilder().gzip(true).build())
                .renderSection("s", sources.bySection().get("s"), sink, new RenderControl());
        return pages;
    }
}
