package org.sitemapkit.internal.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sitemapkit.internal.verify.PageCheck.Answer;
import org.sitemapkit.internal.verify.PageCheck.Problem;

/** The verdict on the answers a listed URL may get. */
class PageCheckTest {
    static final String LOC = "https://shop.example.com/products/1";

    static PageCheck.Verdict judge(Answer a) {
        return PageCheck.judge(LOC, Map.of(), a);
    }

    static Answer html(String head, String... robotsHeaders) {
        return new Answer(200, null, List.of(robotsHeaders), HtmlHead.read(head));
    }

    @Test
    void aPlainPageThatNamesItselfBelongs() {
        assertTrue(judge(html("<link rel=canonical href=/products/1>")).ok());
        assertTrue(judge(html("<link rel=canonical href=HTTPS://Shop.Example.COM:443/products/1>"))
                .ok());
        assertTrue(judge(new Answer(200, null, List.of(), null)).ok(), "not HTML: nothing in a head to judge");
    }

    @Test
    void eachProblemIsNamedWithItsDetail() {
        assertEquals(
                new PageCheck.Verdict(List.of(Problem.REDIRECT), "301 to https://shop.example.com/p/1"),
                judge(new Answer(301, "https://shop.example.com/p/1", List.of(), null)));
        assertEquals(
                List.of(Problem.NOT_FOUND),
                judge(new Answer(404, null, List.of(), null)).problems());
        assertEquals(
                List.of(Problem.STATUS),
                judge(new Answer(500, null, List.of(), null)).problems());
        assertEquals(
                List.of(Problem.NOINDEX_HEADER),
                judge(html("", "googlebot: noindex")).problems());
        assertEquals(
                List.of(Problem.NOINDEX_META),
                judge(html("<meta name=robots content=noindex>")).problems());
        assertEquals(
                new PageCheck.Verdict(List.of(Problem.CANONICAL_ELSEWHERE), "canonical /products/1/"),
                judge(html("<link rel=canonical href=/products/1/>")),
                "a trailing slash is another page");
        assertEquals(List.of(Problem.TIMEOUT), PageCheck.timedOut(5_000).problems());
    }

    @Test
    void hreflangIsCheckedOnlyWhereThePageDeclaresAlternates() {
        Map<String, String> listed =
                Map.of("de", "https://shop.example.com/de/produkte/1", "en", "https://shop.example.com/products/1");
        assertTrue(PageCheck.judge(LOC, listed, html("<title>t</title>")).ok(), "declares none: not checked");
        assertTrue(PageCheck.judge(
                        LOC,
                        listed,
                        html("<link rel=alternate hreflang=DE href=/de/produkte/1>"
                                + "<link rel=alternate hreflang=en href=/products/1>"))
                .ok());
        PageCheck.Verdict oneSided =
                PageCheck.judge(LOC, listed, html("<link rel=alternate hreflang=en href=/products/1>"));
        assertEquals(
                new PageCheck.Verdict(List.of(Problem.HREFLANG_UNCONFIRMED), "not declared by the page: [de]"),
                oneSided);
    }
}
