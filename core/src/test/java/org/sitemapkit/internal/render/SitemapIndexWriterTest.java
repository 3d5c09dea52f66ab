package org.sitemapkit.internal.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import crawlercommons.sitemaps.AbstractSiteMap;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sitemapkit.model.Lastmod;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;

class SitemapIndexWriterTest {
    static final Site SITE = UrlsetWriterTest.SITE;

    @Test
    void listsEveryPageWithItsNewestLastmod() throws IOException {
        List<SitemapUrl> urls = new ArrayList<>(Generated.products(5));
        urls.add(SitemapUrl.of("https://shop.example.com/no-lastmod"));
        MemorySink sink =
                UrlsetWriterTest.write(PageOptions.builder().maxUrls(3).build(), urls);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        SitemapIndexWriter.write(out, SITE, sink.summaries, false);
        String expected = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
                + "<sitemap><loc>https://shop.example.com/sitemap-pages-1.xml</loc>"
                + "<lastmod>" + Generated.product(2).lastmod() + "</lastmod></sitemap>\n"
                + "<sitemap><loc>https://shop.example.com/sitemap-pages-2.xml</loc></sitemap>\n"
                + "</sitemapindex>\n";
        assertEquals(expected, out.toString(StandardCharsets.UTF_8));
        Validation.validIndex(out.toByteArray());
        List<AbstractSiteMap> read = Validation.crawlIndex(out.toByteArray(), "https://shop.example.com/sitemap.xml");
        assertEquals(2, read.size());
        assertEquals(
                Generated.product(2).lastmod().instant(),
                read.get(0).getLastModified().toInstant());
    }

    @Test
    void gzipLocsPointAtTheGzipFiles() throws IOException {
        MemorySink sink = UrlsetWriterTest.write(PageOptions.defaults(), Generated.products(2));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        SitemapIndexWriter.write(out, Site.of("http://127.0.0.1:8080/shop/"), sink.summaries, true);
        assertTrue(out.toString(StandardCharsets.UTF_8)
                .contains("<loc>http://127.0.0.1:8080/shop/sitemap-pages-1.xml.gz</loc>"));
        Validation.validIndex(out.toByteArray());
    }

    @Test
    void holdsAtMostFiftyThousandSitemaps() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        SitemapIndexWriter w = new SitemapIndexWriter(out, SITE);
        for (int i = 1; i <= 50_000; i++) {
            w.sitemap("https://shop.example.com/sitemap-pages-" + i + ".xml", null);
        }
        IllegalStateException e = assertThrows(
                IllegalStateException.class, () -> w.sitemap("https://shop.example.com/sitemap-pages-50001.xml", null));
        assertTrue(e.getMessage().contains("50000"), e.getMessage());
        w.close();
        Validation.validIndex(out.toByteArray());
        assertEquals(
                50_000,
                Validation.crawlIndex(out.toByteArray(), "https://shop.example.com/sitemap.xml")
                        .size());
    }

    @Test
    void refusesAnEmptyIndexAndUseAfterClose() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        SitemapIndexWriter empty = new SitemapIndexWriter(out, SITE);
        assertThrows(IllegalStateException.class, empty::close);
        assertEquals(0, out.size());

        SitemapIndexWriter w = new SitemapIndexWriter(out, SITE);
        w.sitemap("https://shop.example.com/sitemap-a-1.xml", Lastmod.parse("2026-01-01"));
        w.close();
        assertThrows(IllegalStateException.class, () -> w.sitemap("https://shop.example.com/x.xml", null));
    }

    @Test
    void refusesSitemapsOutsideItsScope() {
        SitemapIndexWriter w = new SitemapIndexWriter(new ByteArrayOutputStream(), SITE);
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> w.sitemap("https://evil.example.com/sitemap.xml", null));
        assertTrue(e.getMessage().contains("OTHER_HOST"), e.getMessage());
    }

    @Test
    void leavesTheCallersStreamOpen() throws IOException {
        boolean[] closed = {false};
        OutputStream out = new ByteArrayOutputStream() {
            @Override
            public void close() {
                closed[0] = true;
            }
        };
        try (SitemapIndexWriter w = new SitemapIndexWriter(out, SITE)) {
            w.sitemap("https://shop.example.com/sitemap-a-1.xml", null);
        }
        assertTrue(!closed[0]);
    }
}
