package org.sitemapkit.internal.robots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.SimpleRobotRulesParser;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What an independent RFC 9309 parser, crawler-commons, makes of the bytes we write. */
class RobotsInteropTest {
    /** @param robotName lower case, as crawler-commons requires */
    private static BaseRobotRules crawl(byte[] robotsTxt, String robotName) {
        return new SimpleRobotRulesParser()
                .parseContent("https://example.com/robots.txt", robotsTxt, "text/plain", List.of(robotName));
    }

    @Test
    void crawlerSeesTheRulesWeWrote() {
        byte[] bytes = RobotsTxtTest.TYPICAL.toByteArray();

        BaseRobotRules other = crawl(bytes, "somebot");
        assertFalse(other.isAllowed("https://example.com/admin/users"));
        assertTrue(other.isAllowed("https://example.com/admin/help"));
        assertFalse(other.isAllowed("https://example.com/files/report.pdf"));
        assertTrue(other.isAllowed("https://example.com/files/report.pdf.html"));
        assertTrue(other.isAllowed("https://example.com/"));

        BaseRobotRules google = crawl(bytes, "googlebot");
        assertTrue(google.isAllowed("https://example.com/admin/users"));

        assertFalse(crawl(bytes, "gptbot").isAllowed("https://example.com/"));

        assertEquals(RobotsTxtTest.TYPICAL.sitemaps(), other.getSitemaps());
    }

    @Test
    void crawlerMatchesPercentEncodedNonAsciiPaths() {
        RobotsTxt robots = RobotsTxt.builder()
                .group(RobotsGroup.builder().userAgent("*").disallow("/café/").build())
                .build();
        BaseRobotRules rules = crawl(robots.toByteArray(), "somebot");
        assertFalse(rules.isAllowed("https://example.com/caf%C3%A9/menu"));
        assertTrue(rules.isAllowed("https://example.com/cafe/menu"));
    }

    /** Why {@link RobotsGroup} refuses to be empty: a blank line does not end a group. */
    @Test
    void userAgentLinesWithoutRulesRunIntoTheNextGroup() {
        byte[] bytes = "User-agent: a\n\nUser-agent: b\nDisallow: /\n".getBytes(StandardCharsets.UTF_8);
        assertFalse(crawl(bytes, "a").isAllowed("https://example.com/page"));
        byte[] ended = "User-agent: a\nDisallow:\n\nUser-agent: b\nDisallow: /\n".getBytes(StandardCharsets.UTF_8);
        assertTrue(crawl(ended, "a").isAllowed("https://example.com/page"));
        assertFalse(crawl(ended, "b").isAllowed("https://example.com/page"));
    }
}
