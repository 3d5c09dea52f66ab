package org.sitemapkit.internal.robots;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

class RobotsTxtTest {
    static final RobotsTxt TYPICAL = RobotsTxt.builder()
            .group(RobotsGroup.builder()
                    .userAgent("*")
                    .disallow("/admin/")
                    .disallow("/*.pdf$")
                    .allow("/admin/help")
                    .build())
            .group(RobotsGroup.builder()
                    .userAgent("Googlebot")
                    .userAgent("Bingbot")
                    .disallow("")
                    .build())
            .group(RobotsGroup.builder().userAgent("GPTBot").disallow("/").build())
            .sitemap("https://example.com/sitemap.xml")
            .sitemap("https://example.com/news-sitemap.xml")
            .build();

    static final String TYPICAL_TEXT = "User-agent: *\n"
            + "Disallow: /admin/\n"
            + "Disallow: /*.pdf$\n"
            + "Allow: /admin/help\n"
            + "\n"
            + "User-agent: Googlebot\n"
            + "User-agent: Bingbot\n"
            + "Disallow:\n"
            + "\n"
            + "User-agent: GPTBot\n"
            + "Disallow: /\n"
            + "\n"
            + "Sitemap: https://example.com/sitemap.xml\n"
            + "Sitemap: https://example.com/news-sitemap.xml\n";

    @Test
    void writesTypicalFileExactly() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TYPICAL.writeTo(out);
        assertArrayEquals(TYPICAL_TEXT.getBytes(UTF_8), out.toByteArray());
        assertArrayEquals(TYPICAL_TEXT.getBytes(UTF_8), TYPICAL.toByteArray());
        assertEquals(TYPICAL_TEXT, TYPICAL.toString());
    }

    @Test
    void sameValueWritesSameBytes() {
        RobotsTxt copy = TYPICAL.toBuilder().build();
        assertEquals(TYPICAL, copy);
        assertEquals(TYPICAL.hashCode(), copy.hashCode());
        assertArrayEquals(TYPICAL.toByteArray(), copy.toByteArray());
    }

    @Test
    void emptyFileIsZeroBytes() {
        assertEquals(0, RobotsTxt.builder().build().toByteArray().length);
    }

    @Test
    void sitemapsOnlyHaveNoLeadingBlankLine() {
        RobotsTxt robots =
                RobotsTxt.builder().sitemap("http://example.com/s.xml").build();
        assertEquals("Sitemap: http://example.com/s.xml\n", robots.toString());
    }

    @Test
    void groupsOnlyHaveNoTrailingBlankLine() {
        RobotsTxt robots = RobotsTxt.builder()
                .group(RobotsGroup.builder().userAgent("*").disallow("/x").build())
                .build();
        assertEquals("User-agent: *\nDisallow: /x\n", robots.toString());
    }

    @Test
    void nonAsciiPathsAreWrittenPercentEncoded() {
        RobotsTxt robots = RobotsTxt.builder()
                .group(RobotsGroup.builder()
                        .userAgent("*")
                        .disallow("/über/straße")
                        .build())
                .build();
        assertEquals("User-agent: *\nDisallow: /%C3%BCber/stra%C3%9Fe\n", new String(robots.toByteArray(), UTF_8));
    }

    @Test
    void writeToFlushesButDoesNotClose() throws IOException {
        RecordingStream out = new RecordingStream();
        TYPICAL.writeTo(out);
        assertTrue(out.flushed);
        assertFalse(out.closed);
        assertEquals(TYPICAL_TEXT, out.toString(UTF_8));
    }

    @Test
    void fileOfExactly500KibIsWritten() throws IOException {
        RobotsTxt robots = withPathLength(RobotsTxt.MAX_BYTES - 26);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        robots.writeTo(out);
        assertEquals(512_000, out.size());
    }

    @Test
    void fileOver500KibThrowsAndWritesNothing() {
        RobotsTxt robots = withPathLength(RobotsTxt.MAX_BYTES - 25);
        RecordingStream out = new RecordingStream();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> robots.writeTo(out));
        assertEquals(
                "robots.txt is 512001 bytes, over the 512000 (500 KiB) that RFC 9309 crawlers" + " must read",
                e.getMessage());
        assertEquals(0, out.size());
        assertFalse(out.flushed);
        assertThrows(IllegalStateException.class, robots::toByteArray);
    }

    /** {@code "User-agent: *\n"} (14) + {@code "Disallow: /"} (11) + n + {@code "\n"} (1). */
    private static RobotsTxt withPathLength(int n) {
        String path = "/" + "a".repeat(n);
        return RobotsTxt.builder()
                .group(RobotsGroup.builder().userAgent("*").disallow(path).build())
                .build();
    }

    @Test
    void sitemapsAreAbsoluteHttpUrls() {
        for (String url : new String[] {
            "/sitemap.xml", "sitemap.xml", "ftp://example.com/s.xml", "https:///s.xml",
            "https://exa mple.com/s.xml", "mailto:a@example.com", "", "https://example.com/\n"
        }) {
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class, () -> RobotsTxt.builder().sitemap(url), url);
            assertEquals("Sitemap must be an absolute http or https URL: " + RobotsChecks.quote(url), e.getMessage());
        }
        assertEquals(
                "Sitemap must be an absolute http or https URL: \"/sitemap.xml\"",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> RobotsTxt.builder().sitemap("/sitemap.xml"))
                        .getMessage());
        assertThrows(NullPointerException.class, () -> RobotsTxt.builder().sitemap(null));
    }

    @Test
    void sitemapFragmentIsRefusedBecauseItWouldReadBackAsAComment() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> RobotsTxt.builder().sitemap("https://example.com/s.xml#top"));
        assertEquals("Sitemap URL must not have a #fragment: \"https://example.com/s.xml#top\"", e.getMessage());
    }

    @Test
    void sitemapsAreKeptInAsciiFormOnceEach() {
        RobotsTxt robots = RobotsTxt.builder()
                .sitemap("HTTPS://example.com/s.xml?lang=de")
                .sitemap("https://example.com/Übersicht.xml")
                .sitemap("https://example.com/%C3%9Cbersicht.xml")
                .sitemap("HTTPS://example.com/s.xml?lang=de")
                .build();
        assertEquals(
                List.of("HTTPS://example.com/s.xml?lang=de", "https://example.com/%C3%9Cbersicht.xml"),
                robots.sitemaps());
    }

    @Test
    void mergeAppendsGroupsAndDeduplicatesSitemaps() {
        RobotsGroup all = RobotsGroup.builder().userAgent("*").disallow("/tmp").build();
        RobotsGroup google =
                RobotsGroup.builder().userAgent("Googlebot").allow("/").build();
        RobotsGroup allAgain =
                RobotsGroup.builder().userAgent("*").disallow("/admin").build();
        RobotsTxt first = RobotsTxt.builder()
                .group(all)
                .sitemap("https://example.com/a.xml")
                .sitemap("https://example.com/b.xml")
                .build();
        RobotsTxt second = RobotsTxt.builder()
                .group(google)
                .group(allAgain)
                .sitemap("https://example.com/c.xml")
                .sitemap("https://example.com/a.xml")
                .build();

        RobotsTxt merged = first.merged(second);

        assertEquals(List.of(all, google, allAgain), merged.groups());
        assertEquals(
                List.of("https://example.com/a.xml", "https://example.com/b.xml", "https://example.com/c.xml"),
                merged.sitemaps());
        assertEquals(merged, RobotsTxt.builder().addAll(first).addAll(second).build());
        assertEquals(List.of(all), first.groups());
        assertEquals(List.of(google, allAgain), second.groups());
    }

    @Test
    void mergedFileReadsBackAsTheSameGroups() {
        RobotsTxt merged = TYPICAL.merged(TYPICAL);
        assertEquals(6, merged.groups().size());
        assertEquals(2, merged.sitemaps().size());
        assertEquals(merged, RobotsParser.parse(merged.toString(), "merged"));
    }

    @Test
    void listsAreImmutable() {
        assertThrows(UnsupportedOperationException.class, () -> TYPICAL.groups().clear());
        assertThrows(
                UnsupportedOperationException.class, () -> TYPICAL.sitemaps().add("x"));
    }

    @Test
    void equalityCoversGroupsAndSitemaps() {
        assertNotEquals(
                TYPICAL,
                TYPICAL.toBuilder().sitemap("https://example.com/x.xml").build());
        assertNotEquals(
                TYPICAL,
                RobotsTxt.builder()
                        .addAll(TYPICAL)
                        .group(RobotsGroup.builder()
                                .userAgent("x")
                                .disallow("/")
                                .build())
                        .build());
        assertEquals(RobotsTxt.builder().build(), RobotsTxt.builder().build());
    }

    @Test
    void rejectsNulls() {
        assertThrows(NullPointerException.class, () -> RobotsTxt.builder().group(null));
        assertThrows(NullPointerException.class, () -> RobotsTxt.builder().addAll(null));
        assertThrows(NullPointerException.class, () -> TYPICAL.merged(null));
        assertThrows(NullPointerException.class, () -> TYPICAL.writeTo(null));
    }

    private static final class RecordingStream extends ByteArrayOutputStream {
        boolean flushed;
        boolean closed;

        @Override
        public void flush() {
            flushed = true;
        }

        @Override
        public void close() {
            closed = true;
        }
    }
}
