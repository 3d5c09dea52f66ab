package org.sitemapkit.internal.robots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.SimpleRobotRulesParser;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** RFC 9309 matching, checked case by case against crawler-commons' robots parser. */
class RobotsRulesTest {
    static final String ROBOTS = String.join(
            "\n",
            "User-agent: googlebot",
            "Disallow: /only-google/",
            "",
            "User-agent: *",
            "Disallow: /private/",
            "Allow: /private/open",
            "Disallow: /*.pdf$",
            "Disallow: /search",
            "Allow: /search$",
            "Disallow: /tmp*/x",
            "Crawl-delay: 5",
            "Disallow: /caf%C3%A9/",
            "Disallow: /p/",
            "Allow: /p/",
            "Disallow: /shop/*/cart",
            "",
            "User-agent: otherbot",
            "User-agent: *",
            "Disallow: /combined/");

    @ParameterizedTest
    @CsvSource({
        "/, true",
        "/only-google/a, true",
        "/private/, false",
        "/private/x, false",
        "/private/open, true",
        "/private/opening, true",
        "/a.pdf, false",
        "/a.pdf?x=1, true",
        "/a.PDF, true",
        "/search, true",
        "/search?q=1, false",
        "/searching, false",
        "/tmp1/x, false",
        "/tmp/a/x, false",
        "/tmpx, true",
        "/café/menu, false",
        "/caf%c3%a9/menu, false",
        "/caf%C3%A9/menu, false",
        "/p/1, true",
        "/shop/1/cart, false",
        "/shop/cart, true",
        "/combined/a, false",
        "/%7Eme, true",
        "/~me, true"
    })
    void agreesWithCrawlerCommons(String path, boolean expected) {
        RobotsRules ours = RobotsRules.parse(ROBOTS);
        BaseRobotRules theirs = new SimpleRobotRulesParser()
                .parseContent(
                        "https://shop.example.com/robots.txt",
                        ROBOTS.getBytes(StandardCharsets.UTF_8),
                        "text/plain",
                        List.of("anybot"));
        String url = "https://shop.example.com" + path;
        assertEquals(expected, ours.allows(path), "ours: " + path);
        assertEquals(theirs.isAllowed(url), ours.allows(path), "crawler-commons disagrees on " + path);
    }

    @Test
    void excludePatternsMatchAsTheSameDisallowLinesWould() {
        List<String> patterns = List.of("/cart$", "/admin/", "*.pdf$", "/a*b", "  ", "/%7Euser");
        StringBuilder text = new StringBuilder("User-agent: *\n");
        patterns.forEach(p -> text.append("Disallow: ").append(p).append('\n'));
        RobotsRules parsed = RobotsRules.parse(text.toString());
        RobotsRules direct = RobotsRules.disallowing(patterns);
        for (String path : List.of(
                "/",
                "/cart",
                "/cart/x",
                "/admin/",
                "/admin",
                "/doc.pdf",
                "/doc.pdf?x=1",
                "/axxb",
                "/ab",
                "/~user",
                "/b")) {
            assertEquals(parsed.allows(path), direct.allows(path), path);
        }
        assertTrue(RobotsRules.disallowing(List.of()).isEmpty());
    }

    @Test
    void rulesAreEqualWhenTheyDisallowAlikeHoweverTheFileIsWritten() {
        RobotsRules rules = RobotsRules.parse(ROBOTS);
        String rewritten = "# comments, other groups, Sitemap lines and escapes do not change the rules\r\n"
                + ROBOTS.replace("Disallow: /caf%C3%A9/", "disallow:/café/  # the same path")
                        .replace("\n", "\r\n")
                + "\r\n\r\nSitemap: https://shop.example.com/sitemap.xml\r\n";
        assertEquals(rules, RobotsRules.parse(rewritten));
        assertEquals(rules.hashCode(), RobotsRules.parse(rewritten).hashCode());
        assertNotEquals(rules, RobotsRules.parse(ROBOTS + "\nDisallow: /more/"));
        assertNotEquals(rules, RobotsRules.parse(ROBOTS.replace("Allow: /search$", "Disallow: /search$")));
        assertEquals(RobotsRules.NONE, RobotsRules.parse("User-agent: googlebot\nDisallow: /\n"));
        assertEquals(RobotsRules.disallowing(List.of("/x")), RobotsRules.parse("User-agent: *\nDisallow: /x"));
    }
}
