package org.sitemapkit.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.sitemapkit.model.Changefreq;
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
        PathParams dated =
                p.toBuilder().lastmod(Instant.parse("2026-11-22T10:15:30Z")).build();
        assertEquals(null, p.lastmod());
        assertEquals(Lastmod.parse("2026-11-22T10:15:30Z"), dated.lastmod());
        assertNotEquals(p, dated);
        assertEquals(dated, dated.toBuilder().build());
        assertEquals(null, dated.toBuilder().lastmod((LocalDate) null).build().lastmod());
        assertEquals(
                "{a=1, b=2, c=3} lastmod 2026-01-02",
                PathParams.builder()
                        .put("a", 1)
                        .put("b", 2)
                        .put("c", 3)
                        .lastmod(LocalDate.of(2026, 1, 2))
                        .build()
                        .toString());
    }

    @Test
    void aRowMayCarryItsOwnChangefreqAndPriority() {
        PathParams p = PathParams.builder()
                .put("id", 1)
                .changefreq(Changefreq.HOURLY)
                .priority(0.9)
                .build();
        assertEquals(Changefreq.HOURLY, p.changefreq());
        assertEquals(0.9, p.priority());
        assertEquals(p, p.toBuilder().build());
        assertTrue(Double.isNaN(PathParams.of("id", 1).priority()), "unset: the annotation's");
        assertEquals("{id=1} changefreq hourly priority 0.9", p.toString());
    }

    @Test
    void imagesAndAlternatesAreKeptInOrderAndCopied() {
        PathParams p = PathParams.builder()
                .put("slug", "grill")
                .alternate("en", "/en/articles/grill")
                .alternate("de", "/de/artikel/grillen")
                .image("/images/grill.svg")
                .image("https://cdn.example.net/grill.jpg")
                .build();
        assertEquals(List.of("/images/grill.svg", "https://cdn.example.net/grill.jpg"), p.images());
        assertEquals(List.of("en", "de"), List.copyOf(p.alternates().keySet()));
        assertEquals(p, p.toBuilder().build());
        assertNotEquals(p, PathParams.of("slug", "grill"));
        Assertions.assertThrows(
                IllegalArgumentException.class, () -> p.toBuilder().alternate("de", "/de/other"));
    }
}
