package org.sitemapkit.jaxrs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.time.Instant;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.sitemapkit.model.Lastmod;

class PathParamsTest {
    @Test
    void keepsValuesAsTextInOrderAndLastReplaces() {
        PathParams p = PathParams.builder()
                .put("id", 42)
                .put("slug", "x")
                .put("id", 43)
                .put("none", null)
                .build();
        assertEquals(Optional.of("43"), p.get("id"));
        assertEquals(Optional.empty(), p.get("none"));
        assertEquals(Optional.empty(), p.get("other"));
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("id", "43");
        expected.put("slug", "x");
        expected.put("none", null);
        assertEquals(expected, p.asMap());
        assertEquals(p, PathParams.of(expected));
    }

    @Test
    void lastmodIsOptionalAndCopiedNotMutated() {
        PathParams p = PathParams.of("id", 1, "slug", "a");
        PathParams dated = p.withLastmod(Instant.parse("2026-11-22T10:15:30Z"));
        assertEquals(Optional.empty(), p.lastmod());
        assertEquals(Optional.of(Lastmod.parse("2026-11-22T10:15:30Z")), dated.lastmod());
        assertNotEquals(p, dated);
        assertEquals(dated, dated.toBuilder().build());
        assertEquals(Optional.empty(), dated.withLastmod((LocalDate) null).lastmod());
        assertEquals(
                "{a=1, b=2, c=3} lastmod 2026-01-02",
                PathParams.of("a", 1, "b", 2, "c", 3)
                        .withLastmod(LocalDate.of(2026, 1, 2))
                        .toString());
    }

    @Test
    void imagesAndAlternatesAreKeptInOrderAndCopied() {
        PathParams p = PathParams.of("slug", "grill")
                .withAlternate("en", "/en/articles/grill")
                .withAlternate("de", "/de/artikel/grillen")
                .withImage("/images/grill.svg")
                .withImage("https://cdn.example.net/grill.jpg");
        assertEquals(java.util.List.of("/images/grill.svg", "https://cdn.example.net/grill.jpg"), p.images());
        assertEquals(
                java.util.List.of("en", "de"),
                java.util.List.copyOf(p.alternates().keySet()));
        assertEquals(p, p.toBuilder().build());
        assertNotEquals(p, PathParams.of("slug", "grill"));
        org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> p.withAlternate("de", "/de/other"));
    }
}
