package org.sitemapkit.internal.robots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class RobotsGroupTest {
    @Test
    void keepsUserAgentsAndRulesInOrder() {
        RobotsGroup group = RobotsGroup.builder()
                .userAgent("Googlebot")
                .userAgent("Mediapartners-Google")
                .disallow("/private/")
                .allow("/private/press")
                .rule(RobotsRule.disallow("/tmp"))
                .build();
        assertEquals(List.of("Googlebot", "Mediapartners-Google"), group.userAgents());
        assertEquals(
                List.of(
                        RobotsRule.disallow("/private/"),
                        RobotsRule.allow("/private/press"),
                        RobotsRule.disallow("/tmp")),
                group.rules());
        assertEquals(
                "User-agent: Googlebot\n"
                        + "User-agent: Mediapartners-Google\n"
                        + "Disallow: /private/\n"
                        + "Allow: /private/press\n"
                        + "Disallow: /tmp\n",
                group.toString());
    }

    @Test
    void acceptsRfc9309ProductTokens() {
        for (String token : new String[] {"*", "Googlebot", "Mediapartners-Google", "foo_bar", "A"}) {
            assertEquals(
                    List.of(token),
                    RobotsGroup.builder().userAgent(token).disallow("").build().userAgents());
        }
    }

    @Test
    void rejectsAnythingElseAsUserAgent() {
        for (String token :
                new String[] {"Googlebot/2.1", "bot2", "", " ", "Google bot", "*bot", "**", "bücher", "a\nb"}) {
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class, () -> RobotsGroup.builder().userAgent(token), token);
            assertEquals(
                    "User-agent must be \"*\" or a product token of letters, '-' and '_': " + RobotsChecks.quote(token),
                    e.getMessage());
        }
        assertEquals(
                "User-agent must be \"*\" or a product token of letters, '-' and '_':" + " \"Googlebot/2.1\"",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> RobotsGroup.builder().userAgent("Googlebot/2.1"))
                        .getMessage());
    }

    @Test
    void needsAUserAgent() {
        IllegalStateException e = assertThrows(
                IllegalStateException.class,
                () -> RobotsGroup.builder().disallow("/").build());
        assertEquals("RobotsGroup needs a User-agent", e.getMessage());
    }

    @Test
    void needsARuleBecauseAnEmptyGroupWouldRunIntoTheNext() {
        IllegalStateException e = assertThrows(
                IllegalStateException.class,
                () -> RobotsGroup.builder().userAgent("a").userAgent("b").build());
        assertEquals("RobotsGroup for [a, b] has no rules; use disallow(\"\") to allow everything", e.getMessage());
    }

    @Test
    void rejectsNulls() {
        assertThrows(NullPointerException.class, () -> RobotsGroup.builder().userAgent(null));
        assertThrows(NullPointerException.class, () -> RobotsGroup.builder().rule(null));
    }

    @Test
    void listsAreImmutable() {
        RobotsGroup group = RobotsGroup.builder().userAgent("*").disallow("/").build();
        assertThrows(
                UnsupportedOperationException.class, () -> group.userAgents().add("x"));
        assertThrows(UnsupportedOperationException.class, () -> group.rules().clear());
    }

    @Test
    void toBuilderCopiesAndLeavesTheOriginalAlone() {
        RobotsGroup group = RobotsGroup.builder().userAgent("*").disallow("/a").build();
        assertEquals(group, group.toBuilder().build());
        assertEquals(group.hashCode(), group.toBuilder().build().hashCode());
        RobotsGroup more = group.toBuilder().allow("/a/b").build();
        assertNotEquals(group, more);
        assertEquals(1, group.rules().size());
        assertEquals(2, more.rules().size());
    }

    @Test
    void equalityDependsOnOrder() {
        RobotsGroup ab = RobotsGroup.builder()
                .userAgent("a")
                .userAgent("b")
                .disallow("/")
                .build();
        RobotsGroup ba = RobotsGroup.builder()
                .userAgent("b")
                .userAgent("a")
                .disallow("/")
                .build();
        assertNotEquals(ab, ba);
    }
}
