package org.sitemapkit.internal.render;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import crawlercommons.sitemaps.SiteMapURL;
import crawlercommons.sitemaps.extension.Extension;
import crawlercommons.sitemaps.extension.ExtensionMetadata;
import crawlercommons.sitemaps.extension.ImageAttributes;
import crawlercommons.sitemaps.extension.LinkAttributes;
import crawlercommons.sitemaps.extension.NewsAttributes;
import crawlercommons.sitemaps.extension.VideoAttributes;
import java.io.IOException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sitemapkit.model.Changefreq;
import org.sitemapkit.model.Lastmod;
import org.sitemapkit.model.News;
import org.sitemapkit.model.Site;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.model.Video;

class UrlsetWriterTest {
    static final Site SITE = Site.of("https://shop.example.com/");

    static MemorySink write(PageOptions options, Iterable<SitemapUrl> urls) throws IOException {
        MemorySink sink = new MemorySink(options.gzip());
        UrlsetWriter w = new UrlsetWriter(SITE, "pages", options, sink);
        for (SitemapUrl u : urls) {
            w.write(u);
        }
        w.finish();
        return sink;
    }

    static PageOptions identity() {
        return PageOptions.builder().gzip(false).build();
    }

    @Test
    void writesTheExactDocument() throws IOException {
        MemorySink sink = write(
                identity(),
                List.of(
                        SitemapUrl.builder("https://shop.example.com/")
                                .lastmod(Instant.parse("2026-11-22T10:15:30.123Z"))
                                .changefreq(Changefreq.DAILY)
                                .priority(1.0)
                                .build(),
                        SitemapUrl.builder("https://shop.example.com/search?q=a&b='c'")
                                .lastmod(LocalDate.of(2026, 1, 2))
                                .priority(0.25)
                                .build(),
                        SitemapUrl.of("https://shop.example.com/about")));
        assertEquals(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                        + "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
                        + "<url><loc>https://shop.example.com/</loc><lastmod>2026-11-22T10:15:30Z</lastmod>"
                        + "<changefreq>daily</changefreq><priority>1.0</priority></url>\n"
                        + "<url><loc>https://shop.example.com/search?q=a&amp;b=&apos;c&apos;</loc>"
                        + "<lastmod>2026-01-02</lastmod><priority>0.25</priority></url>\n"
                        + "<url><loc>https://shop.example.com/about</loc></url>\n"
                        + "</urlset>\n",
                sink.text(0));
        Validation.validUrlset(sink.xml(0));
        PageSummary page = sink.summaries.get(0);
        assertEquals(3, page.urlCount());
        assertEquals(sink.xml(0).length, page.byteCount());
        assertTrue(page.lastmod().isEmpty(), "one URL has no lastmod, so the page has none");
    }

    @Test
    void crawlerReadsBackWhatWasWritten() throws IOException {
        OffsetDateTime t = OffsetDateTime.of(2026, 3, 4, 5, 6, 7, 0, ZoneOffset.ofHours(2));
        MemorySink sink = write(
                PageOptions.defaults(),
                List.of(SitemapUrl.builder("https://shop.example.com/products/1/käse & brot")
                        .lastmod(t)
                        .changefreq(Changefreq.WEEKLY)
                        .priority(0.8)
                        .build()));
        byte[] xml = sink.xml(0);
        Validation.validUrlset(xml);
        assertTrue(sink.text(0).contains("<lastmod>2026-03-04T05:06:07+02:00</lastmod>"));
        List<SiteMapURL> read = Validation.crawl(xml, "https://shop.example.com/sitemap-pages-1.xml");
        assertEquals(1, read.size());
        SiteMapURL u = read.get(0);
        assertEquals(
                "https://shop.example.com/products/1/k%C3%A4se%20&%20brot",
                u.getUrl().toString());
        assertEquals(t.toInstant(), u.getLastModified().toInstant());
        assertEquals(SiteMapURL.ChangeFrequency.WEEKLY, u.getChangeFrequency());
        assertEquals(0.8, u.getPriority(), 1e-9);
        assertTrue(u.isValid());
    }

    @Test
    void extensionsAreDeclaredOnlyWhenUsedAndReadBack() throws IOException {
        // an hour ago: Google News reads the news block of the last two days' articles only
        Lastmod published = Lastmod.of(java.time.Instant.now().minusSeconds(3600));
        SitemapUrl en = SitemapUrl.builder("https://shop.example.com/en/news/1")
                .alternate("en", "https://shop.example.com/en/news/1")
                .alternate("de", "https://shop.example.com/de/news/1")
                .alternate("x-default", "https://shop.example.com/en/news/1")
                .image("https://cdn.example.net/img/1 large.jpg")
                .video(Video.builder("https://cdn.example.net/t/1.jpg", "Grilling <steaks>", "How & why")
                        .contentLoc("https://cdn.example.net/v/1.mp4")
                        .duration(600)
                        .rating(4.5)
                        .viewCount(12)
                        .publicationDate(published)
                        .tag("bbq")
                        .familyFriendly(true)
                        .live(false)
                        .build())
                .news(News.of("The Shop Times", "en", published, "Grill season opens"))
                .build();
        SitemapUrl plain = SitemapUrl.of("https://shop.example.com/plain");
        MemorySink sink = write(PageOptions.defaults(), List.of(plain, en));
        String text = sink.text(0);
        assertTrue(
                text.startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset "
                        + "xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" "
                        + "xmlns:xhtml=\"http://www.w3.org/1999/xhtml\" "
                        + "xmlns:image=\"http://www.google.com/schemas/sitemap-image/1.1\" "
                        + "xmlns:video=\"http://www.google.com/schemas/sitemap-video/1.1\" "
                        + "xmlns:news=\"http://www.google.com/schemas/sitemap-news/0.9\">\n"),
                text);
        assertTrue(text.contains("<video:title>Grilling &lt;steaks&gt;</video:title>"), text);
        Validation.validUrlset(sink.xml(0));

        List<SiteMapURL> read = Validation.crawl(sink.xml(0), "https://shop.example.com/sitemap.xml");
        assertEquals(2, read.size());
        SiteMapURL u = read.get(1);
        ExtensionMetadata[] links = u.getAttributesForExtension(Extension.LINKS);
        assertEquals(3, links.length);
        assertEquals("de", ((LinkAttributes) links[1]).getParams().get("hreflang"));
        assertEquals(
                "https://shop.example.com/de/news/1",
                ((LinkAttributes) links[1]).getHref().toString());
        ImageAttributes image = (ImageAttributes) u.getAttributesForExtension(Extension.IMAGE)[0];
        assertEquals("https://cdn.example.net/img/1%20large.jpg", image.getLoc().toString());
        VideoAttributes video = (VideoAttributes) u.getAttributesForExtension(Extension.VIDEO)[0];
        assertEquals("Grilling <steaks>", video.getTitle());
        assertEquals("How & why", video.getDescription());
        assertEquals(600, video.getDuration());
        assertEquals(4.5f, video.getRating());
        assertEquals(12, video.getViewCount());
        assertEquals(Boolean.TRUE, video.getFamilyFriendly());
        assertEquals(Boolean.FALSE, video.getLive());
        assertArrayEquals(new String[] {"bbq"}, video.getTags());
        NewsAttributes news = (NewsAttributes) u.getAttributesForExtension(Extension.NEWS)[0];
        assertEquals("The Shop Times", news.getName());
        assertEquals("en", news.getLanguage());
        assertEquals("Grill season opens", news.getTitle());
        assertEquals(published.instant(), news.getPublicationDateTime().toInstant());
    }

    @Test
    void pageWithoutExtensionsDeclaresNoExtensionNamespace() throws IOException {
        MemorySink sink = write(identity(), List.of(SitemapUrl.of("https://shop.example.com/a")));
        assertFalse(sink.text(0).contains("xmlns:"), sink.text(0));
    }

    @Test
    void pageLastmodIsTheNewestOfItsUrls() throws IOException {
        MemorySink sink = write(
                identity(),
                List.of(
                        SitemapUrl.builder("https://shop.example.com/a")
                                .lastmod(Lastmod.parse("2026-01-01"))
                                .build(),
                        SitemapUrl.builder("https://shop.example.com/b")
                                .lastmod(Lastmod.parse("2026-05-01T12:00:00+02:00"))
                                .build(),
                        SitemapUrl.builder("https://shop.example.com/c")
                                .lastmod(Lastmod.parse("2026-03-01T00:00:00Z"))
                                .build()));
        assertEquals(
                "2026-05-01T12:00:00+02:00",
                sink.summaries.get(0).lastmod().orElseThrow().toString());
    }

    @Test
    void gzipPagesInflateToTheIdentityPages() throws IOException {
        List<SitemapUrl> urls = Generated.products(1200);
        PageOptions small = PageOptions.builder().maxUrls(500).build();
        MemorySink gz = write(small, urls);
        MemorySink plain = write(small.toBuilder().gzip(false).build(), urls);
        assertEquals(3, gz.size());
        for (int i = 0; i < 3; i++) {
            assertArrayEquals(plain.raw.get(i), gz.xml(i));
            assertEquals(gz.summaries.get(i), plain.summaries.get(i));
        }
    }

    @Test
    void sameInputGivesByteIdenticalOutput() throws IOException {
        List<SitemapUrl> urls = Generated.products(3000);
        PageOptions options = PageOptions.builder().maxUrls(1000).build();
        MemorySink a = write(options, urls);
        MemorySink b = write(options, urls);
        assertEquals(a.size(), b.size());
        for (int i = 0; i < a.size(); i++) {
            assertArrayEquals(a.raw.get(i), b.raw.get(i));
        }
        byte[] gz = a.raw.get(0);
        assertEquals(0, gz[4] | gz[5] | gz[6] | gz[7], "gzip header carries no time stamp");
    }

    @Test
    void backgroundCompressionGivesTheSamePagesInOrder() throws IOException {
        List<SitemapUrl> urls = Generated.products(5_500);
        PageOptions inline =
                PageOptions.builder().maxUrls(500).backgroundCompression(false).build();
        MemorySink expected = write(inline, urls);
        MemorySink actual = write(inline.toBuilder().backgroundCompression(true).build(), urls);
        assertEquals(expected.summaries, actual.summaries);
        for (int i = 0; i < expected.size(); i++) {
            assertArrayEquals(expected.raw.get(i), actual.raw.get(i), "page " + (i + 1));
        }
    }

    @Test
    void writeAfterFinishIsRefused() throws IOException {
        UrlsetWriter w = new UrlsetWriter(SITE, "pages", identity(), new MemorySink(false));
        w.finish();
        assertThrows(IllegalStateException.class, () -> w.write(SitemapUrl.of("https://shop.example.com/")));
    }

    @Test
    void emptySectionHasNoPage() throws IOException {
        MemorySink sink = write(identity(), List.of());
        assertEquals(0, sink.size());
    }

    @Test
    void nonRootContextKeepsUrlsInsideItsDirectory() throws IOException {
        Site shop = Site.of("http://127.0.0.1:8080/shop");
        MemorySink sink = new MemorySink(false);
        UrlsetWriter w = new UrlsetWriter(shop, "pages", identity(), sink);
        assertTrue(w.write(SitemapUrl.of("http://127.0.0.1:8080/shop/")));
        assertTrue(w.write(SitemapUrl.of("HTTP://127.0.0.1:8080/shop/a")));
        assertFalse(w.write(SitemapUrl.of("http://127.0.0.1:8080/shop")));
        assertFalse(w.write(SitemapUrl.of("http://127.0.0.1:8080/shopping")));
        assertFalse(w.write(SitemapUrl.of("http://127.0.0.1:8080/other")));
        assertFalse(w.write(SitemapUrl.of("http://127.0.0.1:8081/shop/a")));
        w.finish();
        assertEquals(Map.of(SkipReason.OUTSIDE_DIRECTORY, 3L, SkipReason.OTHER_PORT, 1L), w.skipped());
        List<SiteMapURL> read = Validation.crawl(sink.xml(0), "http://127.0.0.1:8080/shop/sitemap.xml");
        assertEquals(2, read.size());
        assertEquals("http://127.0.0.1:8080/shop/a", read.get(1).getUrl().toString());
    }

    @Test
    void repeatedAndChangingFieldsAreEachWrittenForTheirOwnUrl() throws IOException {
        // the writer reuses the bytes after </loc> while lastmod, changefreq and priority repeat
        Instant t1 = Instant.parse("2026-01-01T00:00:00Z");
        Instant t2 = Instant.parse("2026-01-02T00:00:00Z");
        List<SitemapUrl> urls = new ArrayList<>();
        Object[][] rows = {
            {t1, Changefreq.DAILY, 0.5},
            {t1, Changefreq.DAILY, 0.5},
            {t2, Changefreq.DAILY, 0.5},
            {t2, null, 0.5},
            {t2, null, null},
            {null, null, null},
            {null, null, null},
            {t1, Changefreq.WEEKLY, 0.8},
            {t1, Changefreq.WEEKLY, 0.8},
            {t1, Changefreq.WEEKLY, 0.5},
        };
        for (int i = 0; i < rows.length; i++) {
            SitemapUrl.Builder b = SitemapUrl.builder(SITE.url("p/" + i));
            if (rows[i][0] != null) {
                b.lastmod(Lastmod.parse(rows[i][0].toString())); // equal values, never the same instance
            }
            b.changefreq((Changefreq) rows[i][1]);
            if (rows[i][2] != null) {
                b.priority((Double) rows[i][2]);
            }
            urls.add(b.build());
        }
        MemorySink sink = write(identity(), urls);
        Validation.validUrlset(sink.xml(0));
        String xml = sink.text(0);
        String[] entries =
                xml.substring(xml.indexOf("<url>"), xml.lastIndexOf("</url>")).split("</url>\n");
        assertEquals(rows.length, entries.length);
        for (int i = 0; i < rows.length; i++) {
            String e = entries[i];
            assertTrue(e.startsWith("<url><loc>https://shop.example.com/p/" + i + "</loc>"), e);
            assertEquals(
                    rows[i][0] == null ? "" : "<lastmod>" + rows[i][0] + "</lastmod>",
                    between(e, "<lastmod>", "</lastmod>"),
                    e);
            assertEquals(
                    rows[i][1] == null ? "" : "<changefreq>" + ((Changefreq) rows[i][1]).word() + "</changefreq>",
                    between(e, "<changefreq>", "</changefreq>"),
                    e);
            assertEquals(
                    rows[i][2] == null ? "" : "<priority>" + rows[i][2] + "</priority>",
                    between(e, "<priority>", "</priority>"),
                    e);
        }
    }

    private static String between(String s, String open, String close) {
        int a = s.indexOf(open);
        return a < 0 ? "" : s.substring(a, s.indexOf(close, a) + close.length());
    }
}
