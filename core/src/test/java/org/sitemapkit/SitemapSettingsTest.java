package org.sitemapkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Settings in code take the keys and values of sitemapkit.properties, checked by the same table. */
class SitemapSettingsTest {
    @Test
    void keysWithAndWithoutThePrefixAreTheSameSetting() {
        SitemapSettings a = SitemapSettings.of(Map.of("base-url", "https://shop.example.com/", "max-urls", "1000"));
        SitemapSettings b = SitemapSettings.defaults()
                .with("sitemapkit.base-url", "https://shop.example.com/")
                .with("max-urls", "1_000");
        assertEquals(a, b);
        assertEquals(1000, a.values().paging().maxUrls());
        assertEquals(
                "https://shop.example.com/", a.values().baseUrl().orElseThrow().base());
        assertTrue(a.toString().contains("max-urls=1000"), a.toString());
    }

    @Test
    void theDefaultsAreTheReadersDefaults() {
        assertEquals(SitemapSettings.of(Map.of()), SitemapSettings.defaults());
        assertEquals(50_000, SitemapSettings.defaults().values().paging().maxUrls());
    }

    @Test
    void anUnknownKeyIsRefusedByName() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> SitemapSettings.of(Map.of("max-url", "10")));
        assertTrue(e.getMessage().contains("sitemapkit.max-url"), e.getMessage());
    }

    @Test
    void aBadValueIsRefusedNamingTheKeyAndTheValue() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> SitemapSettings.defaults().with("cache-ttl", "soon"));
        assertTrue(e.getMessage().contains("sitemapkit.cache-ttl=\"soon\" (code)"), e.getMessage());
    }

    @Test
    void anExtensionsKeyIsNotSilentlyIgnored() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> SitemapSettings.of(Map.of("jaxrs.base-path", "/api")));
        assertTrue(e.getMessage().contains("sitemapkit.jaxrs.base-path"), e.getMessage());
    }
}
