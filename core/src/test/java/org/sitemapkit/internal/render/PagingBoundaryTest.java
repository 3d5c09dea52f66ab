package org.sitemapkit.internal.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.sitemapkit.model.SitemapUrl;

/** Pages are cut exactly at the URL and byte limits: never one URL or one byte over. */
class PagingBoundaryTest {
    static final String BASE = "https://shop.example.com/";
    static final int FRAME = ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                    + "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n" + "</urlset>\n")
            .length();

    /** The bytes a bare {@code <url>} with this loc takes in a page. */
    static int entryBytes(String loc) {
        return ("<url><loc>" + loc + "</loc></url>\n").getBytes(StandardCharsets.UTF_8).length;
    }

    @Test
    void fiftyThousandUrlsFitOnePage() throws IOException {
        MemorySink sink = UrlsetWriterTest.write(PageOptions.defaults(), Generated.products(50_000));
        assertEquals(1, sink.size());
        assertEquals(50_000, sink.summaries.get(0).urlCount());
        Validation.validUrlset(sink.xml(0));
        assertEquals(
                50_000,
                Validation.crawl(sink.xml(0), BASE + "sitemap-pages-1.xml").size());
    }

    @Test
    void fiftyThousandAndOneUrlsNeedTwoPages() throws IOException {
        MemorySink sink = UrlsetWriterTest.write(PageOptions.defaults(), Generated.products(50_001));
        assertEquals(2, sink.size());
        assertEquals(50_000, sink.summaries.get(0).urlCount());
        assertEquals(1, sink.summaries.get(1).urlCount());
        List<crawlercommons.sitemaps.SiteMapURL> second = Validation.crawl(sink.xml(1), BASE + "sitemap-pages-2.xml");
        assertEquals(
                List.of(Generated.product(50_000).loc()),
                List.of(second.get(0).getUrl().toString()));
        assertEquals(
                Generated.product(50_000).lastmod(),
                sink.summaries.get(1).lastmod().orElseThrow());
    }

    @Test
    void aPageLandsExactlyOnMaxBytes() throws IOException {
        int maxBytes = 4096;
        List<SitemapUrl> urls = new ArrayList<>();
        int used = FRAME;
        int i = 0;
        String loc;
        while (used + entryBytes(loc = BASE + "p/" + i) + 200 < maxBytes) {
            urls.add(SitemapUrl.of(loc));
            used += entryBytes(loc);
            i++;
        }
        // pad the last loc so that the page is exactly maxBytes
        String last = BASE + "p/last-";
        last += "x".repeat(maxBytes - used - entryBytes(last));
        urls.add(SitemapUrl.of(last));
        urls.add(SitemapUrl.of(BASE + "next"));
        MemorySink sink = UrlsetWriterTest.write(
                PageOptions.builder().maxBytes(maxBytes).gzip(false).build(), urls);
        assertEquals(2, sink.size());
        assertEquals(maxBytes, sink.xml(0).length);
        assertEquals(maxBytes, sink.summaries.get(0).byteCount());
        assertEquals(urls.size() - 1, sink.summaries.get(0).urlCount());
        assertTrue(sink.text(1).contains("<loc>" + BASE + "next</loc>"));
        Validation.validUrlset(sink.xml(0));

        // one byte more and the padded URL moves to the next page
        urls.set(urls.size() - 2, SitemapUrl.of(last + "x"));
        sink = UrlsetWriterTest.write(
                PageOptions.builder().maxBytes(maxBytes).gzip(false).build(), urls);
        assertEquals(2, sink.size());
        assertEquals(maxBytes - entryBytes(last), sink.xml(0).length);
        assertTrue(sink.text(1).contains(last + "x</loc>"));
    }

    @Test
    void entityEscapesCountAsTheirBytes() throws IOException {
        PageOptions options = PageOptions.builder().maxBytes(2048).gzip(false).build();
        MemorySink sink = new MemorySink(false);
        UrlsetWriter w = new UrlsetWriter(UrlsetWriterTest.SITE, "pages", options, sink);
        // 426 characters of URL, but 2,026 bytes of page once each & is written as &amp;
        assertFalse(w.write(SitemapUrl.of(BASE + "?" + "&".repeat(400))));
        assertTrue(w.write(SitemapUrl.of(BASE + "?" + "&".repeat(350))));
        w.finish();
        assertEquals(1L, w.skipped().get(SkipReason.LARGER_THAN_PAGE));
        assertEquals(FRAME + entryBytes(BASE + "?" + "&amp;".repeat(350)), sink.xml(0).length);
        Validation.validUrlset(sink.xml(0));
    }

    /**
     * Random URL sizes against random limits: every page is within both limits, the byte count
     * reported is the real one, and the cut is tight — the next page's first URL would not have
     * fit on the page before it.
     */
    @Test
    void greedyCutsAreTightForRandomSizes() throws IOException {
        Random random = new Random(42);
        for (int round = 0; round < 40; round++) {
            int maxBytes = 1024 + random.nextInt(20_000);
            int maxUrls = 1 + random.nextInt(80);
            List<SitemapUrl> urls = new ArrayList<>();
            for (int i = 0; i < 400; i++) {
                urls.add(SitemapUrl.of(BASE + "u/" + i + "/" + "y".repeat(random.nextInt(400))));
            }
            MemorySink sink = UrlsetWriterTest.write(
                    PageOptions.builder()
                            .maxBytes(maxBytes)
                            .maxUrls(maxUrls)
                            .gzip(false)
                            .build(),
                    urls);
            int total = 0;
            for (int p = 0; p < sink.size(); p++) {
                byte[] xml = sink.xml(p);
                PageSummary s = sink.summaries.get(p);
                assertTrue(xml.length <= maxBytes, "page over max-bytes");
                assertTrue(s.urlCount() <= maxUrls, "page over max-urls");
                assertEquals(xml.length, s.byteCount());
                if (p + 1 < sink.size() && s.urlCount() < maxUrls) {
                    String next = urls.get(total + s.urlCount()).loc();
                    assertTrue(xml.length + entryBytes(next) > maxBytes, "cut before a URL that would have fit");
                }
                total += s.urlCount();
            }
            assertEquals(urls.size(), total);
        }
    }

    @Test
    void lowerMaxUrlsIsHonoured() throws IOException {
        MemorySink sink =
                UrlsetWriterTest.write(PageOptions.builder().maxUrls(3).build(), Generated.products(10));
        assertEquals(4, sink.size());
        assertEquals(
                List.of(3, 3, 3, 1),
                sink.summaries.stream().map(PageSummary::urlCount).toList());
        assertEquals(
                List.of("sitemap-pages-1.xml", "sitemap-pages-4.xml"),
                List.of(sink.summaries.get(0).fileName(), sink.summaries.get(3).fileName()));
    }
}
