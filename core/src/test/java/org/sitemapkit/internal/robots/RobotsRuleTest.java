package org.sitemapkit.internal.robots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class RobotsRuleTest {
    @Test
    void writesFieldAndPath() {
        assertEquals("Allow: /public", RobotsRule.allow("/public").toString());
        assertEquals("Disallow: /admin/", RobotsRule.disallow("/admin/").toString());
        assertEquals(RobotsRule.Type.DISALLOW, RobotsRule.disallow("/x").type());
    }

    @Test
    void emptyPathIsTheRuleThatMatchesNothing() {
        RobotsRule rule = RobotsRule.disallow("");
        assertEquals("", rule.path());
        assertEquals("Disallow:", rule.toString());
    }

    @Test
    void wildcardAndEndAnchorAreKept() {
        assertEquals("/*.pdf$", RobotsRule.disallow("/*.pdf$").path());
        assertEquals(
                "/search?q=*&page=", RobotsRule.disallow("/search?q=*&page=").path());
    }

    @Test
    void nonAsciiIsPercentEncodedUtf8() {
        assertEquals("/caf%C3%A9", RobotsRule.disallow("/café").path());
        assertEquals("/%E6%97%A5%E6%9C%AC/", RobotsRule.allow("/日本/").path());
        assertEquals("/%F0%9F%98%80", RobotsRule.allow("/\uD83D\uDE00").path());
        assertEquals(RobotsRule.disallow("/caf%C3%A9"), RobotsRule.disallow("/café"));
    }

    @Test
    void validEscapesAreKeptAsWritten() {
        assertEquals("/a%2fb%2F", RobotsRule.disallow("/a%2fb%2F").path());
        assertEquals("/caf%c3%a9", RobotsRule.disallow("/caf%c3%a9").path());
    }

    @Test
    void charactersThatCannotStandLiterallyAreEncoded() {
        assertEquals("/100%25", RobotsRule.disallow("/100%").path());
        assertEquals("/%25zz", RobotsRule.disallow("/%zz").path());
        assertEquals("/%25%EF%BC%91%EF%BC%92", RobotsRule.disallow("/%１２").path());
        assertEquals("/a%20b", RobotsRule.disallow("/a b").path());
        assertEquals("/a%23b", RobotsRule.disallow("/a#b").path());
    }

    @Test
    void encodingIsIdempotent() {
        String once = RobotsRule.disallow("/ä ö#%/%41").path();
        assertEquals("/%C3%A4%20%C3%B6%23%25/%41", once);
        assertEquals(once, RobotsRule.disallow(once).path());
    }

    @Test
    void rejectsPathWithoutLeadingSlash() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RobotsRule.disallow("admin"));
        assertEquals("Disallow path must start with '/': \"admin\"", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> RobotsRule.allow("*.pdf"));
        assertEquals("Allow path must start with '/': \"*.pdf\"", e.getMessage());
    }

    @Test
    void rejectsControlCharacters() {
        assertEquals(
                "Disallow path has a control character (U+000A at 2): \"/a\\u000Ab\"",
                assertThrows(IllegalArgumentException.class, () -> RobotsRule.disallow("/a\nb"))
                        .getMessage());
        assertEquals(
                "Allow path has a control character (U+000D at 1): \"/\\u000D\"",
                assertThrows(IllegalArgumentException.class, () -> RobotsRule.allow("/\r"))
                        .getMessage());
        for (String path : new String[] {"/\t", "/\u0000", "/\u007F", "/\u0085"}) {
            assertThrows(IllegalArgumentException.class, () -> RobotsRule.disallow(path), path);
        }
    }

    @Test
    void rejectsUnpairedSurrogate() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> RobotsRule.disallow("/x\uD800"));
        assertEquals("Disallow path has an unpaired surrogate (U+D800 at 2): \"/x\uD800\"", e.getMessage());
    }

    @Test
    void rejectsNull() {
        assertEquals(
                "Allow path == null",
                assertThrows(NullPointerException.class, () -> RobotsRule.allow(null))
                        .getMessage());
        assertThrows(NullPointerException.class, () -> RobotsRule.of(null, "/"));
    }

    @Test
    void equalityIsTypeAndPath() {
        assertEquals(RobotsRule.allow("/a"), RobotsRule.of(RobotsRule.Type.ALLOW, "/a"));
        assertEquals(RobotsRule.allow("/a").hashCode(), RobotsRule.allow("/a").hashCode());
        assertNotEquals(RobotsRule.allow("/a"), RobotsRule.disallow("/a"));
        assertNotEquals(RobotsRule.allow("/a"), RobotsRule.allow("/A"));
    }
}
