package org.sitemapkit.jaxrs.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.ws.rs.core.UriBuilder;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sitemapkit.internal.entry.PathTemplate;

/** Templates read as JAX-RS reads them, and expanded exactly as Jersey's UriBuilder expands them. */
class PathTemplateTest {
    @Test
    void joinsClassAndMethodPathsAsJaxrsDoes() {
        assertEquals("/", PathTemplate.join("/", null));
        assertEquals("/", PathTemplate.join("", ""));
        assertEquals("/about", PathTemplate.join("/", "about"));
        assertEquals("/products/{id}", PathTemplate.join("products/", "/{id}"));
        assertEquals("/a/b/c", PathTemplate.join("//a/b//", "c/"));
    }

    @Test
    void readsVariablesInOrderOnce() {
        PathTemplate t = PathTemplate.parse("/shops/{shop}/products/{ id }/{shop}");
        assertEquals(List.of("shop", "id"), List.copyOf(t.variables()));
        assertEquals("/shops/s/products/7/s", t.expand(Map.of("shop", "s", "id", "7")::get));
    }

    @Test
    void aRegexVariableTakesOnlyValuesItMatchesWhole() {
        PathTemplate t = PathTemplate.parse("/products/{id: \\d+}/{slug}");
        assertEquals(List.of("id", "slug"), List.copyOf(t.variables()));
        assertEquals("/products/42/tea", t.expand(Map.of("id", "42", "slug", "tea")::get));
        assertNull(t.expand(Map.of("id", "42a", "slug", "tea")::get), "42a does not match \\d+ whole");
        assertEquals("\"42a\" does not match \\d+", t.problem("id", "42a"));
        assertNull(t.problem("id", "42"));
        assertNull(t.problem("slug", "anything"));
    }

    @Test
    void refusesBadRegexesAndBadSyntax() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> PathTemplate.parse("/{id: [0-9+}"))
                .getMessage()
                .startsWith("bad regular expression in {id: [0-9+}"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> PathTemplate.parse("/{id"))
                .getMessage()
                .startsWith("unclosed '{'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> PathTemplate.parse("/id}"))
                .getMessage()
                .startsWith("unbalanced '}'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> PathTemplate.parse("/{-id}"))
                .getMessage()
                .startsWith("bad template variable {-id}"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> PathTemplate.parse("/{}"))
                .getMessage()
                .startsWith("bad template variable {}"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "plain",
                "with space",
                "ümlaut",
                "emoji😀",
                "中文",
                "a+b",
                "a&b=c",
                "tea:green",
                "@home",
                "q?x",
                "frag#x",
                "quote\"",
                "<tag>",
                "brace{x}",
                "tilde~",
                "star*",
                "comma,",
                "dollar$",
                "excl!",
                "paren()",
                "apostrophe'",
                "pipe|",
                "caret^",
                "back`tick",
                "[bracket]",
                "tab\there",
                "..x",
                "x..",
                ".x",
                "-_.~",
                "\u00a0nbsp",
                "\u2028line"
            })
    void encodesValuesAsUriBuilderBuildDoes(String value) {
        String expected = UriBuilder.fromPath("/x/{v}/y").build(value).toString();
        assertEquals(expected, PathTemplate.parse("/x/{v}/y").expand(name -> value));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "/café",
                "/a b/c",
                "/already%20encoded/%C3%A9",
                "/100%/x",
                "/a+b/:@!$&'()*,;=",
                "/[x]/|/^/`",
                "/über-uns",
                "/"
            })
    void encodesLiteralsAsUriBuilderPathDoes(String literal) {
        String expected = UriBuilder.fromPath("").path(literal).build().toString();
        assertEquals(expected, PathTemplate.parse(literal).expand(name -> null));
    }

    @Test
    void aValueWithoutUtf8FormIsRefusedBeforeEncodingAndALiteralFailsTheTemplate() {
        PathTemplate t = PathTemplate.parse("/p/{slug}");
        for (String lone : new String[] {"x\ud800", "\ud800x", "\udc00", "a\udc00\ud800b", "\ud83d\ud83d"}) {
            assertEquals("has an unpaired surrogate", PathTemplate.valueProblem(lone), lone);
            assertNull(t.expand(name -> lone), lone);
        }
        assertEquals("/p/%F0%9F%98%80%E4%B8%AD", t.expand(name -> "\ud83d\ude00\u4e2d"));
        for (String lone : new String[] {"/a\ud800", "/\udc00/{x}", "/{x}/\ud83d"}) {
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> PathTemplate.parse(lone), lone);
            assertTrue(e.getMessage().startsWith("path has an unpaired surrogate: "), e.getMessage());
        }
    }

    @Test
    void refusesValuesThatCannotRouteBack() {
        PathTemplate t = PathTemplate.parse("/p/{slug}");
        for (String bad : new String[] {null, "", ".", "..", "a/b", "a;b", "100%", "a\\b", "x\ud800"}) {
            assertNull(t.expand(name -> bad), String.valueOf(bad));
            assertTrue(PathTemplate.valueProblem(bad) != null, String.valueOf(bad));
        }
        assertEquals("contains '/', which no single path segment can carry", PathTemplate.valueProblem("a/b"));
        assertEquals(Set.of(), PathTemplate.parse("/plain").variables());
    }
}
