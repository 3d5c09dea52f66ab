package org.sitemapkit.internal.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sitemapkit.internal.render.PageOptions;

class SettingsReaderTest {
    static SettingsReader.Layer layer(String name, Map<String, String> values) {
        return new SettingsReader.Layer(name, values.keySet(), values::get);
    }

    @Test
    void firstLayerWins() {
        Settings s = new SettingsReader(List.of(
                        layer("filter init-param", Map.of("sitemapkit.max-urls", "1000")),
                        layer(
                                "context-param",
                                Map.of(
                                        "sitemapkit.max-urls",
                                        "2000",
                                        "sitemapkit.cache-ttl",
                                        "2h",
                                        "sitemapkit.base-url",
                                        "https://shop.example.com/")),
                        layer(
                                "system property",
                                Map.of(
                                        "sitemapkit.index",
                                        "always",
                                        "sitemapkit.cache-ttl",
                                        "5m",
                                        "other.key",
                                        "ignored"))))
                .read();
        assertEquals(1000, s.paging().maxUrls());
        assertEquals(Duration.ofHours(2), s.timing().cacheTtl());
        assertEquals(Settings.IndexMode.ALWAYS, s.paging().index());
        assertEquals("https://shop.example.com/", s.baseUrl().orElseThrow().base());
        assertEquals(PageOptions.DEFAULT_MAX_BYTES, s.paging().maxBytes());
    }

    @Test
    void defaults() {
        Settings s = new SettingsReader(List.of()).read();
        assertEquals(Settings.defaults(), s);
        assertEquals(50_000, s.paging().maxUrls());
        assertEquals(Duration.ofMinutes(15), s.timing().cacheTtl());
        assertEquals(List.of("localhost", "127.0.0.1", "[::1]"), s.allowedHosts());
        assertTrue(s.baseUrl().isEmpty());
        assertTrue(s.autoRegister());
        assertEquals(
                URI.create("https://api.indexnow.org/indexnow"), s.indexnow().endpoint());
    }

    @Test
    void indexnowEndpoint() {
        Settings s = new SettingsReader(List.of(layer(
                        "context-param", Map.of("sitemapkit.indexnow-endpoint", " https://www.bing.com/indexnow "))))
                .read();
        assertEquals(URI.create("https://www.bing.com/indexnow"), s.indexnow().endpoint());
        assertTrue(s.toString().contains("indexnow-endpoint=https://www.bing.com/indexnow"), s.toString());
        assertNotEquals(Settings.defaults(), s);
        assertNotEquals(Settings.defaults().hashCode(), s.hashCode());
    }

    @Test
    void autoRegisterIsReadAloneWithTheSameLayersAndRefusals() {
        assertTrue(new SettingsReader(List.of()).autoRegister());
        assertEquals(
                false,
                new SettingsReader(List.of(
                                layer("context-param", Map.of("sitemapkit.max-urls", "many")),
                                layer("sitemapkit.properties", Map.of("sitemapkit.auto-register", "False"))))
                        .autoRegister(),
                "a bad value of another key is the filter's to refuse");
        assertTrue(new SettingsReader(List.of(
                        layer("context-param", Map.of("sitemapkit.auto-register", "true")),
                        layer("system property", Map.of("sitemapkit.auto-register", "false"))))
                .autoRegister());
        assertEquals(
                "bad SitemapKit setting sitemapkit.auto-register=\"off\" (system property): must be true or false",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> new SettingsReader(List.of(
                                                layer("system property", Map.of("sitemapkit.auto-register", "off"))))
                                        .autoRegister())
                        .getMessage());
    }

    @ParameterizedTest
    @CsvSource(
            delimiterString = " => ",
            value = {
                "max-urls => 50001 => 1 to 50000",
                "max-urls => many => whole number",
                "max-bytes => 52428801 => 52428800",
                "max-bytes => 100 => 1024",
                "cache-ttl => soon => duration",
                "cache-ttl => 0s => at least one second",
                "index => sometimes => auto or always",
                "gzip-locs => yes => true or false",
                "gzip-level => 0 => 1 to 9",
                "gzip-level => 10 => 1 to 9",
                "gzip-level => fast => whole number",
                "base-url => shop.example.com => absolute",
                "allowed-hosts => shop.example.com/x => host",
                "robots => robots.txt => starting with '/'",
                "indexnow-key => short => 8 to 128",
                "indexnow-endpoint => ftp://api.example.org/indexnow => absolute http or https URL",
                "indexnow-endpoint => api.example.org/indexnow => absolute http or https URL",
                "indexnow-endpoint => https:api.example.org => absolute http or https URL",
                "indexnow-endpoint => https://user:secret@api.example.org/indexnow => user information",
                "indexnow-endpoint => https://api.example.org/indexnow#now => fragment",
                "indexnow-endpoint => https://api example.org/indexnow => absolute http or https URL",
                "max-sites => 0 => 1 to 1024",
                "additional-sitemaps => /blog/sitemap.xml, blog.xml => not an absolute http(s) URL",
                "exclude => /cart, cart => not a path pattern",
            })
    void badValuesFailNamingKeyAndValue(String key, String value, String why) {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> new SettingsReader(List.of(layer("context-param", Map.of("sitemapkit." + key, value)))).read());
        assertTrue(e.getMessage().contains("sitemapkit." + key + "=\"" + value + "\""), e.getMessage());
        assertTrue(e.getMessage().contains("context-param"), e.getMessage());
        assertTrue(e.getMessage().contains(why), e.getMessage());
    }

    @Test
    void unknownKeysAreRefused() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> new SettingsReader(List.of(layer("system property", Map.of("sitemapkit.max-url", "5")))).read());
        assertTrue(e.getMessage().contains("sitemapkit.max-url"), e.getMessage());
        assertTrue(e.getMessage().contains("max-urls"), e.getMessage());
        // an extension's key is known when the extension declares it, and refused in an application without it
        new SettingsReader(
                        List.of(layer("context-param", Map.of("sitemapkit.jaxrs.base-path", "/api"))),
                        () -> List.of("jaxrs.base-path"))
                .read();
        assertThrows(
                IllegalArgumentException.class,
                () -> new SettingsReader(List.of(layer("context-param", Map.of("sitemapkit.jaxrs.base-path", "/api"))))
                        .read());
    }

    @Test
    void aMisspeltJaxrsKeyIsRefusedToo() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> new SettingsReader(List.of(layer("context-param", Map.of("sitemapkit.jaxrs.base_path", "/api"))))
                        .read());
        assertTrue(e.getMessage().contains("sitemapkit.jaxrs.base_path"), e.getMessage());
    }

    @ParameterizedTest
    @CsvSource({"90, PT1M30S", "90s, PT1M30S", "15m, PT15M", "2h, PT2H", "1d, PT24H", "PT10M, PT10M"})
    void durations(String text, String expected) {
        assertEquals(Duration.parse(expected), Type.DURATION.parse(text));
    }

    @Test
    void allowedHostsAreAList() {
        Settings s = new SettingsReader(List.of(layer(
                        "x", Map.of("sitemapkit.allowed-hosts", " Shop.Example.com, shop.example.com:8443 ,[::1]"))))
                .read();
        assertEquals(List.of("shop.example.com", "shop.example.com:8443", "[::1]"), s.allowedHosts());
    }

    @Test
    void additionalSitemapsAndExcludeAreLists() {
        Settings s = new SettingsReader(List.of(layer(
                        "x",
                        Map.of(
                                "sitemapkit.additional-sitemaps",
                                " /blog/sitemap.xml , https://shop.example.com/news.xml",
                                "sitemapkit.exclude",
                                "/cart$, *.pdf$,/ä"))))
                .read();
        assertEquals(List.of("/blog/sitemap.xml", "https://shop.example.com/news.xml"), s.additionalSitemaps());
        assertEquals(
                List.of("/cart$", "/*.pdf$", "/%C3%A4"),
                s.robots().exclude(),
                "percent-encoded as robots.txt paths are");
    }
}
