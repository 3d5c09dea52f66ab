package org.sitemapkit.jaxrs.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

class BasePathTest {
    @Test
    void pathMappingsGiveTheirPrefix() {
        assertEquals("/api", BasePath.fromMappings(List.of("/api/*")));
        assertEquals("", BasePath.fromMappings(List.of("/*")));
        assertEquals("", BasePath.fromMappings(List.of("/")));
        assertEquals("/a", BasePath.fromMappings(List.of("/zz/*", "/a/*", "*.do")));
        assertNull(BasePath.fromMappings(List.of("*.do", "/exact")));
    }

    @Test
    void settingsAndApplicationPathsAreNormalized() {
        assertEquals("/api", BasePath.normalize("api"));
        assertEquals("/api", BasePath.normalize("/api/*"));
        assertEquals("", BasePath.normalize("/"));
        assertEquals("/v%201/%C3%BC", BasePath.normalize(" /v 1/ü/ "));
    }
}
