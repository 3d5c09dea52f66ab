package org.sitemapkit.internal.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The head of pages as applications write them, and as they come cut or malformed. */
class HtmlHeadTest {

    @Test
    void readsRobotsCanonicalAndAlternatesOfAHead() {
        HtmlHead head = HtmlHead.read("<!DOCTYPE html><html lang=en><head>\n"
                + "<meta charset=\"utf-8\"><title>Widget &amp; co</title>\n"
                + "<!-- <meta name=\"robots\" content=\"noindex\"> in a comment says nothing -->\n"
                + "<script>var s = '<link rel=\"canonical\" href=\"/x\">';</script>\n"
                + "<META NAME=\"Robots\" CONTENT=\"index, follow\">\n"
                + "<link rel=\"canonical\" href=\"https://shop.example.com/products/1?a=1&amp;b=2\">\n"
                + "<link rel='alternate' hreflang='de' href='/de/produkte/1'>\n"
                + "<link rel=\"alternate stylesheet\" href=\"/alt.css\">\n"
                + "<link rel=alternate hreflang=x-default href=/products/1>\n"
                + "</head><body><meta name=\"robots\" content=\"noindex\"></body></html>");
        assertEquals(List.of("index, follow"), head.robots());
        assertEquals(List.of("https://shop.example.com/products/1?a=1&b=2"), head.canonicals());
        assertEquals(
                List.of(
                        new HtmlHead.Alternate("de", "/de/produkte/1"),
                        new HtmlHead.Alternate("x-default", "/products/1")),
                head.alternates());
        assertTrue(head.complete());
    }

    @Test
    void aHeadCutByTheLimitSaysSo() {
        HtmlHead head = HtmlHead.read("<html><head><meta name=robots content=noindex><link rel=canonical hr");
        assertEquals(List.of("noindex"), head.robots());
        assertFalse(head.complete(), "the canonical link may follow");
        assertFalse(HtmlHead.read("<head><script>if (a < b) {").complete());
    }

    @Test
    void theHeadEndsAtTheFirstBodyElementWhenItsTagsAreLeftOut() {
        HtmlHead head = HtmlHead.read(
                "<title>x</title><meta name=googlebot content=none><p>text" + "<meta name=robots content=noindex>");
        assertEquals(List.of("none"), head.robots());
        assertTrue(head.complete());
    }

    @Test
    void characterReferencesInValuesAreDecodedAndBadOnesKept() {
        assertEquals("a&b<c\"d'e\u00e9\ud83d\ude00", HtmlHead.decode("a&amp;b&lt;c&quot;d&#39;e&#xE9;&#128512;"));
        assertEquals("&bogus; &#xD800; &#99999999999;", HtmlHead.decode("&bogus; &#xD800; &#99999999999;"));
    }
}
