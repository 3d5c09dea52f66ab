package org.sitemapkit.internal.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.sitemapkit.internal.source.SourcePlan;
import org.sitemapkit.model.Lastmod;
import org.sitemapkit.model.News;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.UrlSource;

/**
 * Google News' rules as they are today: only articles published in the last two days carry
 * {@code news:news}, at most 1,000 of them a sitemap; older ones are written plain or skipped, as
 * {@code news-expired} says, and counted; a news section with no recent article is reported.
 */
class NewsRulesTest {
    private static final Instant NOW = Instant.now();

    /** Article {@code id}, published {@code age} ago. */
    private static SitemapUrl article(int id, Duration age) {
        return SitemapUrl.builder(UrlsetWriterTest.SITE.url("/news/" + id))
                .news(News.of("The Daily Example", "en", Lastmod.of(NOW.minus(age)), "Story " + id))
                .build();
    }

    private static UrlsetWriter render(PageOptions options, List<SitemapUrl> urls, MemorySink sink) throws IOException {
        UrlSources sources = new UrlSources().register(UrlSource.of("news", site -> urls.stream()));
        List<SourcePlan> plans = sources.bySection().get("news");
        return new Renderer(UrlsetWriterTest.SITE, options).renderSection("news", plans, sink);
    }

    private static int newsBlocks(byte[] xml) {
        String text = new String(xml, StandardCharsets.UTF_8);
        return text.split("<news:news>", -1).length - 1;
    }

    @Test
    void atMostAThousandNewsArticlesASitemap() throws IOException {
        MemorySink sink = new MemorySink(true);
        List<SitemapUrl> urls = IntStream.range(0, 2_500)
                .mapToObj(i -> article(i, Duration.ofHours(3)))
                .toList();
        UrlsetWriter writer = render(PageOptions.defaults(), urls, sink);
        assertEquals(3, writer.pages().size(), "2,500 recent articles: pages of 1,000, 1,000 and 500");
        assertEquals(
                List.of(1000, 1000, 500),
                List.of(newsBlocks(sink.xml(0)), newsBlocks(sink.xml(1)), newsBlocks(sink.xml(2))));
        for (int i = 0; i < 3; i++) {
            Validation.validUrlset(sink.xml(i));
        }
        assertEquals(2_500, writer.audit().newsRecent());
        assertTrue(writer.audit().clean(), writer.audit().describe());
    }

    @Test
    void olderArticlesAreWrittenPlainByDefaultAndCounted() throws IOException {
        MemorySink sink = new MemorySink(true);
        List<SitemapUrl> urls = List.of(
                article(1, Duration.ofHours(1)), article(2, Duration.ofDays(3)), article(3, Duration.ofDays(400)));
        UrlsetWriter writer = render(PageOptions.defaults(), urls, sink);
        String xml = new String(sink.xml(0), StandardCharsets.UTF_8);
        assertEquals(3, writer.urlCount(), "all three listed");
        assertEquals(1, newsBlocks(sink.xml(0)), "only the recent one with its news block");
        assertTrue(xml.contains("/news/2</loc>") && xml.contains("/news/3</loc>"), xml);
        assertEquals(1, writer.audit().newsRecent());
        assertEquals(2, writer.audit().newsExpired());
        assertEquals(Map.of(), writer.skipped());
        Validation.validUrlset(sink.xml(0));
    }

    @Test
    void olderArticlesAreSkippedWhenTheSettingSaysSo() throws IOException {
        MemorySink sink = new MemorySink(true);
        List<SitemapUrl> urls = List.of(article(1, Duration.ofHours(1)), article(2, Duration.ofDays(3)));
        UrlsetWriter writer = render(
                PageOptions.builder().newsExpired(PageOptions.NewsExpired.SKIP).build(), urls, sink);
        assertEquals(1, writer.urlCount());
        assertEquals(Map.of(SkipReason.NEWS_EXPIRED, 1L), writer.skipped());
        assertFalse(new String(sink.xml(0), StandardCharsets.UTF_8).contains("/news/2<"));
    }

    @Test
    void aNewsSectionWithNoRecentArticleIsReported() throws IOException {
        MemorySink sink = new MemorySink(true);
        List<SitemapUrl> urls = List.of(article(1, Duration.ofDays(5)), article(2, Duration.ofDays(9)));
        SectionAudit.Findings f = render(PageOptions.defaults(), urls, sink).audit();
        assertTrue(f.newsWindowEmpty());
        assertFalse(f.clean());
        assertTrue(
                f.describe().contains("none of its 2 news articles was published in the last two days"), f.describe());
    }

    /** Tags search engines retired (images: August 2022; videos: May 2022) are never written. */
    @Test
    void noRetiredImageOrVideoTagIsWritten() throws IOException {
        MemorySink sink = new MemorySink(true);
        SitemapUrl everything = SitemapUrl.builder(UrlsetWriterTest.SITE.url("/watch/1"))
                .image("https://cdn.example.net/1.jpg")
                .video(org.sitemapkit.model.Video.builder("https://cdn.example.net/t/1.jpg", "Title", "Description")
                        .contentLoc("https://cdn.example.net/v/1.mp4")
                        .playerLoc("https://player.example.net/1")
                        .duration(60)
                        .expirationDate(Lastmod.of(NOW.plus(Duration.ofDays(30))))
                        .rating(4.0)
                        .viewCount(3)
                        .publicationDate(Lastmod.of(NOW))
                        .tag("t")
                        .familyFriendly(true)
                        .requiresSubscription(false)
                        .uploader("Someone")
                        .live(false)
                        .build())
                .build();
        render(PageOptions.defaults(), List.of(everything), sink);
        String xml = new String(sink.xml(0), StandardCharsets.UTF_8);
        for (String retired : List.of(
                "image:caption",
                "image:title",
                "image:geo_location",
                "image:license",
                "video:category",
                "video:gallery_loc",
                "video:price",
                "video:tvshow",
                "allow_embed",
                "autoplay")) {
            assertFalse(xml.contains(retired), retired + " in " + xml);
        }
        assertTrue(xml.contains("<image:loc>") && xml.contains("<video:player_loc>"), xml);
        Validation.validUrlset(sink.xml(0));
    }

    /**
     * A recent article that is then skipped for another reason (outside the site) is not in the
     * sitemap, yet counted as recent: the section has no recent article written, and the audit
     * does not say so.
     */
    @Test
    void aRecentArticleSkippedForAnotherReasonIsNotCountedRecent() throws IOException {
        MemorySink sink = new MemorySink(true);
        SitemapUrl elsewhere = SitemapUrl.builder("https://other.example.org/news/1")
                .news(News.of("The Daily Example", "en", Lastmod.of(NOW.minus(Duration.ofHours(1))), "Elsewhere"))
                .build();
        List<SitemapUrl> urls = List.of(elsewhere, article(2, Duration.ofDays(5)));
        UrlsetWriter writer = render(PageOptions.defaults(), urls, sink);
        assertEquals(1, writer.urlCount());
        assertEquals(0, writer.audit().newsRecent(), "the recent article was not written");
        assertTrue(writer.audit().newsWindowEmpty(), writer.audit().describe());
    }

    /** The audit's example names the URL as it is, not XML-escaped ({@code &amp;}). */
    @Test
    void theAuditExampleIsTheUrlNotItsXml() throws IOException {
        MemorySink sink = new MemorySink(true);
        SitemapUrl future = SitemapUrl.builder(UrlsetWriterTest.SITE.url("/p?a=1&b=2"))
                .lastmod(Lastmod.of(NOW.plus(Duration.ofDays(30))))
                .build();
        UrlsetWriter writer = render(PageOptions.defaults(), List.of(future), sink);
        assertEquals(1, writer.audit().future());
        assertTrue(
                writer.audit().futureExample().contains("/p?a=1&b=2 "),
                writer.audit().futureExample());
    }
}
