package org.sitemapkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.sitemapkit.internal.config.Setting;
import org.sitemapkit.internal.config.SettingsTable;

/**
 * Settings in code take the keys and values of sitemapkit.properties, or typed values through the
 * builder, checked by the same table.
 */
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

    /** The example from the brief, typed and as text. */
    @Test
    void theBuilderAndTheStringsMakeEqualSettings() {
        SitemapSettings typed = SitemapSettings.builder()
                .baseUrl("https://shop.example.com/")
                .maxUrls(10_000)
                .renderLease(Duration.ofSeconds(3))
                .index("always")
                .exclude(List.of("/cart$", "*.pdf$"))
                .build();
        SitemapSettings text = SitemapSettings.of(Map.of(
                "base-url", "https://shop.example.com/",
                "max-urls", "10_000",
                "render-lease", "3s",
                "index", "always",
                "exclude", "/cart$, *.pdf$"));
        assertEquals(text, typed);
        assertEquals(text.hashCode(), typed.hashCode());
        assertEquals(text.toString(), typed.toString());
    }

    /**
     * Every key set through its typed method (found by name) equals it set as text: each key's
     * documented example, given typed where the method takes the value's type and as the text
     * where it takes a string. Every example differs from its default, so every key takes part.
     */
    @Test
    void everyKeyTypedEqualsEveryKeyAsText() throws Exception {
        SitemapSettings.Builder typed = SitemapSettings.builder();
        Map<String, String> text = new TreeMap<>();
        for (Setting<?> key : SettingsTable.KEYS) {
            String example = example(key);
            text.put(key.key(), example);
            Method method = typedMethod(key);
            Class<?> type = method.getParameterTypes()[0];
            method.invoke(typed, type == String.class ? example : key.parse(example));
        }
        SitemapSettings fromText = SitemapSettings.of(text);
        SitemapSettings fromCode = typed.build();
        assertEquals(fromText, fromCode);
        assertEquals(fromText.hashCode(), fromCode.hashCode());
        assertEquals(fromText.toString(), fromCode.toString());
        for (Setting<?> key : SettingsTable.KEYS) {
            assertNotEquals(key.defaultValue(), fromCode.values().get(key), key.key());
        }
    }

    /** Each key of the table has its typed method, named after it: {@code max-urls} is {@code maxUrls}. */
    @Test
    void theBuilderHasAMethodForEveryKey() {
        List<String> missing = new ArrayList<>();
        for (Setting<?> key : SettingsTable.KEYS) {
            try {
                typedMethod(key);
            } catch (NoSuchMethodException e) {
                missing.add(key.key() + " (" + e.getMessage() + ")");
            }
        }
        assertEquals(List.of(), missing);
    }

    /** The key's first documented example; a status token where the documentation describes one. */
    private static String example(Setting<?> key) {
        String e = key.example();
        return e.startsWith("`") ? e.substring(1, e.indexOf('`', 1)) : "0123456789abcdefXYZ";
    }

    /** {@code max-urls}: {@code maxUrls(int)}. */
    private static Method typedMethod(Setting<?> key) throws NoSuchMethodException {
        StringBuilder name = new StringBuilder();
        for (String part : key.key().split("-")) {
            name.append(name.length() == 0 ? part : part.substring(0, 1).toUpperCase(Locale.ROOT) + part.substring(1));
        }
        for (Method m : SitemapSettings.Builder.class.getMethods()) {
            if (m.getName().contentEquals(name) && m.getParameterCount() == 1) {
                return m;
            }
        }
        throw new NoSuchMethodException(name.toString());
    }

    @Test
    void typedAndTextMix() {
        SitemapSettings fromFile =
                SitemapSettings.of(Map.of("base-url", "https://shop.example.com/", "max-urls", "10"));
        SitemapSettings both =
                fromFile.toBuilder().renderLease(Duration.ofSeconds(10)).build();
        assertEquals(fromFile.with("render-lease", "10s"), both);
        assertEquals(10, both.values().paging().maxUrls());
        SitemapSettings typedThenText =
                SitemapSettings.builder().maxUrls(10).build().with("cache-ttl", "1h");
        assertEquals(10, typedThenText.values().paging().maxUrls());
        assertEquals(Duration.ofHours(1), typedThenText.values().timing().cacheTtl());
        assertEquals(SitemapSettings.defaults(), SitemapSettings.builder().build());
    }

    static Stream<Arguments> badTypedValues() {
        return Stream.of(
                bad("base-url", b -> b.baseUrl("shop.example.com"), "absolute"),
                bad("allowed-hosts", b -> b.allowedHosts(List.of("shop.example.com/x")), "host"),
                bad("max-urls", b -> b.maxUrls(0), "1 to 50000"),
                bad("max-bytes", b -> b.maxBytes(100), "1024 to 52428800"),
                bad("cache-ttl", b -> b.cacheTtl(Duration.ZERO), "at least one second"),
                bad("render-deadline", b -> b.renderDeadline(Duration.ofMillis(999)), "at least one second"),
                bad("render-wait", b -> b.renderWait(Duration.ofMinutes(6)), "0 to 5 minutes"),
                bad("render-wait", b -> b.renderWait(Duration.ofSeconds(-1)), "0 to 5 minutes"),
                bad("index", b -> b.index("sometimes"), "auto or always"),
                bad("news-expired", b -> b.newsExpired("drop"), "plain or skip"),
                bad("gzip-level", b -> b.gzipLevel(10), "1 to 9"),
                bad("robots", b -> b.robots("robots.txt"), "starting with '/'"),
                bad("robots-txt", b -> b.robotsTxt("add"), "add-sitemap or application"),
                bad("indexnow-key", b -> b.indexnowKey("short"), "8 to 128"),
                bad("indexnow-endpoint", b -> b.indexnowEndpoint("ftp://api.example.org/indexnow"), "http or https"),
                bad("indexnow-endpoint", b -> b.indexnowEndpoint("https://api example.org/"), "http or https"),
                bad("status-view", b -> b.statusView("everyone"), "off, loopback or token"),
                bad("status-token", b -> b.statusToken("short"), "at least 16"),
                bad("health-down", b -> b.healthDown("down"), "never, failing or stale"),
                bad("store", b -> b.store("redis"), "memory, disk or jcache"),
                bad("store-dir", b -> b.storeDir(" "), "directory"),
                bad("jcache-cache", b -> b.jcacheCache("x".repeat(201)), "1 to 200"),
                bad("render-lease", b -> b.renderLease(Duration.ZERO), "at least one second"),
                bad("max-sites", b -> b.maxSites(1025), "1 to 1024"),
                bad("additional-sitemaps", b -> b.additionalSitemaps(List.of("blog.xml")), "not an absolute"),
                bad("exclude", b -> b.exclude(List.of("cart")), "not a path pattern"));
    }

    private static Arguments bad(String key, Consumer<SitemapSettings.Builder> set, String why) {
        return Arguments.of(key, set, why);
    }

    /** Every typed method that can be given a bad value refuses it at once, naming the key; booleans cannot. */
    @ParameterizedTest
    @MethodSource("badTypedValues")
    void aBadTypedValueIsRefusedNamingTheKey(String key, Consumer<SitemapSettings.Builder> set, String why) {
        SitemapSettings.Builder b = SitemapSettings.builder();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> set.accept(b));
        assertTrue(e.getMessage().startsWith("bad SitemapKit setting sitemapkit." + key + "=\""), e.getMessage());
        assertTrue(e.getMessage().contains("\" (code): "), e.getMessage());
        assertTrue(e.getMessage().contains(why), e.getMessage());
        assertEquals(SitemapSettings.defaults(), b.build(), "the refused value is not kept");
    }

    /** A word or a URL given as text is refused as the same text in a properties file is. */
    @Test
    void textGivenToTheBuilderIsRefusedAsInAFile() {
        Map<String, Consumer<SitemapSettings.Builder>> calls = new TreeMap<>(Map.of(
                "index", b -> b.index("sometimes"),
                "robots", b -> b.robots("robots.txt"),
                "indexnow-endpoint", b -> b.indexnowEndpoint("https://api example.org/"),
                "status-token", b -> b.statusToken("short")));
        Map<String, String> texts = Map.of(
                "index", "sometimes",
                "robots", "robots.txt",
                "indexnow-endpoint", "https://api example.org/",
                "status-token", "short");
        calls.forEach((key, call) -> assertEquals(
                assertThrows(IllegalArgumentException.class, () -> SitemapSettings.of(Map.of(key, texts.get(key))))
                        .getMessage(),
                assertThrows(IllegalArgumentException.class, () -> call.accept(SitemapSettings.builder()))
                        .getMessage(),
                key));
    }

    @Test
    void nullIsNoneWhereAKeyHasNoDefaultAndRefusedNamingTheKeyElsewhere() {
        assertEquals(
                SitemapSettings.defaults(),
                SitemapSettings.builder()
                        .robots("/WEB-INF/robots-rules.txt")
                        .robots(null)
                        .baseUrl(null)
                        .storeDir(null)
                        .build());
        assertEquals(
                "sitemapkit.cache-ttl",
                assertThrows(
                                NullPointerException.class,
                                () -> SitemapSettings.builder().cacheTtl(null))
                        .getMessage());
        assertEquals(
                "sitemapkit.store",
                assertThrows(
                                NullPointerException.class,
                                () -> SitemapSettings.builder().store(null))
                        .getMessage());
    }

    @Test
    void buildRefusesWhatOnlyTheWholeCanTell() {
        IllegalArgumentException token = assertThrows(
                IllegalArgumentException.class,
                () -> SitemapSettings.builder().statusView("token").build());
        assertTrue(token.getMessage().contains("status-view=token needs sitemapkit.status-token"), token.getMessage());
        IllegalArgumentException host = assertThrows(
                IllegalArgumentException.class,
                () -> SitemapSettings.builder()
                        .baseUrl("https://shop.example.com/")
                        .additionalSitemaps(List.of("https://blog.example.com/sitemap.xml"))
                        .build());
        assertTrue(host.getMessage().contains("additional-sitemaps"), host.getMessage());
    }
}
