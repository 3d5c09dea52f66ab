package org.sitemapkit.internal.robots;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;

class RobotsParserTest {
    private static RobotsTxt parse(String text) {
        return RobotsParser.parse(text, "robots-rules.txt");
    }

    private static RobotsSyntaxException reject(String text) {
        return assertThrows(RobotsSyntaxException.class, () -> parse(text));
    }

    @Test
    void readsTypicalFile() {
        assertEquals(RobotsTxtTest.TYPICAL, parse(RobotsTxtTest.TYPICAL_TEXT));
    }

    @Test
    void roundTripsWrittenFiles() throws IOException {
        RobotsTxt tricky = RobotsTxt.builder()
                .sitemap("https://example.com/%C3%BC.xml")
                .group(RobotsGroup.builder()
                        .userAgent("*")
                        .userAgent("*")
                        .disallow("")
                        .allow("/a b#c%")
                        .disallow("/日本/*$")
                        .build())
                .group(RobotsGroup.builder()
                        .userAgent("Other-Bot_x")
                        .disallow("/")
                        .build())
                .build();
        for (RobotsTxt robots :
                List.of(RobotsTxtTest.TYPICAL, tricky, RobotsTxt.builder().build())) {
            byte[] written = robots.toByteArray();
            assertEquals(robots, RobotsParser.parse(new ByteArrayInputStream(written), "written"));
        }
    }

    @Test
    void writesWhatItReadsInCanonicalForm() {
        String loose = "# Rules for example.com\n"
                + "user-AGENT:Googlebot   # the main crawler\n"
                + "\t # a comment after whitespace\n"
                + "DISALLOW :  /private/\n"
                + "allow:/private/café\n"
                + "sitemap: https://example.com/sitemap.xml\n";
        assertEquals(
                "User-agent: Googlebot\n"
                        + "Disallow: /private/\n"
                        + "Allow: /private/caf%C3%A9\n"
                        + "\n"
                        + "Sitemap: https://example.com/sitemap.xml\n",
                parse(loose).toString());
    }

    @Test
    void consecutiveUserAgentsFormOneGroupAcrossBlankLinesCommentsAndSitemaps() {
        RobotsTxt robots = parse("User-agent: a\n"
                + "\n"
                + "# still the same group\n"
                + "User-agent: b\n"
                + "Sitemap: https://example.com/s.xml\n"
                + "User-agent: c\n"
                + "Disallow: /x\n"
                + "\n"
                + "Allow: /x/y\n"
                + "User-agent: d\n"
                + "Disallow: /\n");
        assertEquals(
                List.of(
                        RobotsGroup.builder()
                                .userAgent("a")
                                .userAgent("b")
                                .userAgent("c")
                                .disallow("/x")
                                .allow("/x/y")
                                .build(),
                        RobotsGroup.builder().userAgent("d").disallow("/").build()),
                robots.groups());
        assertEquals(List.of("https://example.com/s.xml"), robots.sitemaps());
    }

    @Test
    void sitemapsMayStandAnywhereAndAreReadOnce() {
        RobotsTxt robots = parse("Sitemap: https://example.com/1.xml\n"
                + "User-agent: *\n"
                + "Sitemap: https://example.com/2.xml\n"
                + "Disallow: /\n"
                + "Sitemap: https://example.com/1.xml\n");
        assertEquals(List.of("https://example.com/1.xml", "https://example.com/2.xml"), robots.sitemaps());
        assertEquals(1, robots.groups().size());
    }

    @Test
    void hashStartsACommentAnywhere() {
        RobotsTxt robots = parse("User-agent: *#all\nDisallow: /a#b\n");
        assertEquals(List.of(RobotsRule.disallow("/a")), robots.groups().get(0).rules());
    }

    @Test
    void emptyOrCommentOnlyTextIsAnEmptyFile() {
        assertEquals(RobotsTxt.builder().build(), parse(""));
        assertEquals(RobotsTxt.builder().build(), parse("\uFEFF# nothing yet\n\n   \n\t\n"));
    }

    @Test
    void acceptsCrlfCrAndLfAndMixes() {
        RobotsTxt expected = RobotsTxt.builder()
                .group(RobotsGroup.builder()
                        .userAgent("*")
                        .disallow("/a")
                        .allow("/b")
                        .build())
                .build();
        assertEquals(expected, parse("User-agent: *\r\nDisallow: /a\r\nAllow: /b\r\n"));
        assertEquals(expected, parse("User-agent: *\rDisallow: /a\rAllow: /b"));
        assertEquals(expected, parse("User-agent: *\r\n\r\nDisallow: /a\n\rAllow: /b\r"));
    }

    @Test
    void lineNumbersCountEachKindOfLineEndOnce() {
        assertEquals(
                4,
                reject("User-agent: *\r\n\r\nDisallow: /a\r\nDisallow: b\r\n").line());
        assertEquals(4, reject("User-agent: *\r\rDisallow: /a\rDisallow: b\r").line());
        assertEquals(5, reject("User-agent: *\r\n\n\rDisallow: /a\nDisallow: b").line());
    }

    @Test
    void stripsUtf8ByteOrderMark() throws IOException {
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        byte[] body = "User-agent: *\r\nDisallow: /ü\r\n".getBytes(UTF_8);
        byte[] bytes = new byte[bom.length + body.length];
        System.arraycopy(bom, 0, bytes, 0, bom.length);
        System.arraycopy(body, 0, bytes, bom.length, body.length);
        RobotsTxt robots = RobotsParser.parse(new ByteArrayInputStream(bytes), "bom.txt");
        assertEquals(List.of("*"), robots.groups().get(0).userAgents());
        assertEquals(
                List.of(RobotsRule.disallow("/%C3%BC")), robots.groups().get(0).rules());
    }

    @Test
    void byteOrderMarkIsOnlyStrippedAtTheStart() {
        RobotsSyntaxException e = reject("User-agent: *\n\uFEFFDisallow: /\n");
        assertEquals(
                "robots-rules.txt:2: unsupported field \"\\uFEFFDisallow\";"
                        + " only User-agent, Allow, Disallow and Sitemap are allowed",
                e.getMessage());
    }

    @Test
    void readsFromReader() throws IOException {
        assertEquals(
                RobotsTxtTest.TYPICAL,
                RobotsParser.parse(new StringReader("\uFEFF" + RobotsTxtTest.TYPICAL_TEXT), "r"));
    }

    @Test
    void rejectsPathWithoutSlashNamingSourceAndLine() {
        RobotsSyntaxException e = reject("# Rules\n"
                + "\n"
                + "User-agent: *\n"
                + "Disallow: /tmp/\n"
                + "\n"
                + "User-agent: Googlebot\n"
                + "Disallow: admin\n");
        assertEquals("robots-rules.txt:7: Disallow path must start with '/': \"admin\"", e.getMessage());
        assertEquals("robots-rules.txt", e.source());
        assertEquals(7, e.line());
        assertTrue(e.getCause() instanceof IllegalArgumentException);
    }

    @Test
    void rejectsRuleBeforeAnyUserAgent() {
        RobotsSyntaxException e = reject("# header\nAllow: /\nUser-agent: *\nDisallow: /x\n");
        assertEquals("robots-rules.txt:2: Allow before any User-agent line", e.getMessage());
        assertNull(e.getCause());
        assertEquals(
                "robots-rules.txt:1: Disallow before any User-agent line",
                reject("Disallow: /").getMessage());
    }

    @Test
    void rejectsBadUserAgentToken() {
        assertEquals(
                "robots-rules.txt:3: User-agent must be \"*\" or a product token of letters,"
                        + " '-' and '_': \"Googlebot/2.1\"",
                reject("User-agent: *\nDisallow: /\nUser-agent: Googlebot/2.1\nDisallow: /x\n")
                        .getMessage());
        assertEquals(
                "robots-rules.txt:1: User-agent must be \"*\" or a product token of letters," + " '-' and '_': \"\"",
                reject("User-agent:\nDisallow: /\n").getMessage());
    }

    @Test
    void rejectsLineWithoutColon() {
        assertEquals(
                "robots-rules.txt:2: expected \"field: value\": \"Disallow /admin\"",
                reject("User-agent: *\n  Disallow /admin  # oops\n").getMessage());
    }

    @Test
    void rejectsFieldsRfc9309DoesNotDefine() {
        assertEquals(
                "robots-rules.txt:3: unsupported field \"Crawl-delay\";"
                        + " only User-agent, Allow, Disallow and Sitemap are allowed",
                reject("User-agent: *\nDisallow: /x\nCrawl-delay: 10\n").getMessage());
        assertEquals(
                "robots-rules.txt:1: unsupported field \"Host\";"
                        + " only User-agent, Allow, Disallow and Sitemap are allowed",
                reject("Host: example.com\n").getMessage());
        assertEquals(
                "robots-rules.txt:2: unsupported field \"Dissallow\";"
                        + " only User-agent, Allow, Disallow and Sitemap are allowed",
                reject("User-agent: *\nDissallow: /x\n").getMessage());
        assertEquals(
                "robots-rules.txt:1: unsupported field \"\";"
                        + " only User-agent, Allow, Disallow and Sitemap are allowed",
                reject(": /x\n").getMessage());
    }

    @Test
    void rejectsGroupWithoutRulesAtItsFirstUserAgentLine() {
        RobotsSyntaxException e = reject("User-agent: *\nDisallow: /\n\nUser-agent: a\nUser-agent: b\n");
        assertEquals(
                "robots-rules.txt:4: User-agent group has no Allow or Disallow line;"
                        + " add \"Disallow:\" to allow everything",
                e.getMessage());
        assertEquals(
                1,
                reject("User-agent: a\n# nothing\nSitemap: https://example.com/s\n")
                        .line());
    }

    @Test
    void rejectsBadSitemap() {
        assertEquals(
                "robots-rules.txt:1: Sitemap must be an absolute http or https URL:" + " \"/sitemap.xml\"",
                reject("Sitemap: /sitemap.xml\n").getMessage());
    }

    @Test
    void rejectsControlCharacterInPath() {
        assertEquals(
                "robots-rules.txt:2: Disallow path has a control character (U+000C at 2):" + " \"/a\\u000Cb\"",
                reject("User-agent: *\nDisallow: /a\fb\n").getMessage());
    }

    @Test
    void rejectsBytesThatAreNotUtf8WithTheirLine() {
        byte[] bytes = "User-agent: *\r\nDisallow: /a\r\nDisallow: /caf\u00E9\r\n".getBytes(UTF_8);
        bytes[bytes.length - 4] = (byte) 0xE9;
        bytes[bytes.length - 3] = '\r';
        bytes[bytes.length - 2] = '\n';
        bytes[bytes.length - 1] = '\n';
        RobotsSyntaxException e = assertThrows(
                RobotsSyntaxException.class, () -> RobotsParser.parse(new ByteArrayInputStream(bytes), "latin1.txt"));
        assertEquals("latin1.txt:3: not UTF-8 (byte 0xE9 at offset 43)", e.getMessage());
        assertEquals(3, e.line());
    }

    @Test
    void isAnIllegalArgumentException() {
        IllegalArgumentException e = reject("nonsense");
        assertEquals("robots-rules.txt:1: expected \"field: value\": \"nonsense\"", e.getMessage());
    }

    @Test
    void rejectsNulls() {
        assertThrows(NullPointerException.class, () -> RobotsParser.parse((String) null, "s"));
        assertThrows(NullPointerException.class, () -> RobotsParser.parse("", null));
    }
}
