package org.sitemapkit.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sitemapkit.SitemapSettings;
import org.sitemapkit.internal.config.Setting;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/** Boot's ways of writing a key reach SitemapKit's key, and a typo or a bad value is refused. */
class SpringSettingsTest {
    /** An environment of these properties and these environment variables only. */
    static StandardEnvironment environment(Map<String, Object> properties, Map<String, Object> variables) {
        StandardEnvironment env = new StandardEnvironment();
        env.getPropertySources().remove(StandardEnvironment.SYSTEM_PROPERTIES_PROPERTY_SOURCE_NAME);
        env.getPropertySources()
                .replace(
                        StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
                        new SystemEnvironmentPropertySource(
                                StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, variables));
        env.getPropertySources().addFirst(new MapPropertySource("application.properties", properties));
        return env;
    }

    private static SpringSettings.Read read(Map<String, Object> properties, Map<String, Object> variables) {
        return SpringSettings.read(environment(properties, variables), SpringSettingsTest.class.getClassLoader());
    }

    @Test
    void environmentVariablesInBothOfBootsFormsAndCamelCaseReachTheirKeys() {
        SpringSettings.Read read = read(
                Map.of(
                        "sitemapkit.cacheTtl",
                        "2h",
                        "sitemapkit.allowed-hosts[0]",
                        "a.example",
                        "sitemapkit.allowed-hosts[1]",
                        "b.example"),
                Map.of("SITEMAPKIT_BASE_URL", "https://shop.example.com/", "SITEMAPKIT_MAXURLS", "1000"));
        assertEquals("https://shop.example.com/", read.values().get("base-url"));
        assertEquals("1000", read.values().get("max-urls"));
        assertEquals("2h", read.values().get("cache-ttl"));
        assertEquals("a.example, b.example", read.values().get("allowed-hosts"));
        assertEquals(
                SitemapSettings.defaults()
                        .with("base-url", "https://shop.example.com/")
                        .with("max-urls", "1000")
                        .with("cache-ttl", "2h")
                        .with("allowed-hosts", "a.example, b.example"),
                read.settings());
    }

    @Test
    void theExtensionsKeysAreKeysToo() {
        assertEquals(
                "/api",
                read(Map.of("sitemapkit.jaxrs.base-path", "/api"), Map.of())
                        .values()
                        .get("jaxrs.base-path"));
    }

    @Test
    void aBadValueNamesTheKeyTheValueAndWhereItWasSet() {
        SitemapKitStartupException e = assertThrows(
                SitemapKitStartupException.class, () -> read(Map.of(), Map.of("SITEMAPKIT_CACHE_TTL", "soon")));
        assertTrue(
                e.getMessage().startsWith("The SitemapKit setting sitemapkit.cache-ttl is \"soon\""), e.getMessage());
        assertTrue(e.getMessage().contains("SITEMAPKIT_CACHE_TTL"), e.getMessage());
        assertTrue(e.action().contains("for example 90s, 2h, 1d, PT15M (the default is 15m)"), e.action());
    }

    @Test
    void aMistypedPropertyIsRefusedDottedOrNot() {
        for (String typo : List.of("sitemapkit.max-url", "sitemapkit.max.urls", "sitemapkit.base.url")) {
            SitemapKitStartupException e =
                    assertThrows(SitemapKitStartupException.class, () -> read(Map.of(typo, "5"), Map.of()), typo);
            assertTrue(e.getMessage().startsWith("SitemapKit does not know the setting " + typo + " "), e.getMessage());
        }
    }

    @Test
    void anUnknownEnvironmentVariableIsIgnoredWithAWarningNotAFailure() {
        // Kubernetes sets SITEMAPKIT_SERVICE_HOST and _PORT in every pod beside a service named sitemapkit.
        SpringSettings.Read read =
                read(Map.of(), Map.of("SITEMAPKIT_SERVICE_HOST", "10.0.0.7", "SITEMAPKIT_PORT", "tcp://10.0.0.7:80"));
        assertEquals(Map.of(), read.values());
        assertEquals(SitemapSettings.defaults(), read.settings());
    }

    @Test
    void uniformFormsMeet() {
        assertEquals(SpringSettings.uniform("base-url"), SpringSettings.uniform("baseUrl"));
        assertEquals(SpringSettings.uniform("base-url"), SpringSettings.uniform("base.url"));
        assertEquals(SpringSettings.uniform("exclude"), SpringSettings.uniform("exclude[3]"));
    }

    @Test
    void aKeyThatNeedsAnotherIsReadWithIt() {
        // status-view=token needs status-token: read one at a time, the first alone was refused
        SpringSettings.Read read = read(
                Map.of("sitemapkit.status-view", "token", "sitemapkit.status-token", "0123456789abcdef0123"), Map.of());
        assertEquals(
                SitemapSettings.of(Map.of("status-view", "token", "status-token", "0123456789abcdef0123")),
                read.settings());
    }

    @Test
    void aContradictionNamesBothKeysAndABadPartnerIsNamedItself() {
        SitemapKitStartupException missing = assertThrows(
                SitemapKitStartupException.class, () -> read(Map.of("sitemapkit.status-view", "token"), Map.of()));
        assertTrue(
                missing.getMessage().contains("status-view=token needs sitemapkit.status-token"), missing.getMessage());
        SitemapKitStartupException shortToken = assertThrows(
                SitemapKitStartupException.class,
                () -> read(Map.of("sitemapkit.status-view", "token", "sitemapkit.status-token", "short"), Map.of()));
        assertTrue(
                shortToken.getMessage().startsWith("The SitemapKit setting sitemapkit.status-token is \"short\""),
                shortToken.getMessage());
    }

    @Test
    void theFilterRunsJustAfterSpringSecurityUnlessTold() {
        assertEquals(-99, FilterPlacement.order(environment(Map.of(), Map.of())));
        assertEquals(6, FilterPlacement.order(environment(Map.of("spring.security.filter.order", "5"), Map.of())));
        assertEquals(
                -101,
                FilterPlacement.order(
                        environment(Map.of("sitemapkit.spring.filter-order", "before-security"), Map.of())));
        assertEquals(42, FilterPlacement.order(environment(Map.of(), Map.of("SITEMAPKIT_SPRING_FILTER_ORDER", "42"))));
        assertEquals(
                "after-security",
                read(Map.of("sitemapkit.spring.filter-order", "after-security"), Map.of())
                        .values()
                        .get("spring.filter-order"));
        SitemapKitStartupException bad = assertThrows(
                SitemapKitStartupException.class,
                () -> FilterPlacement.order(environment(Map.of("sitemapkit.spring.filter-order", "last"), Map.of())));
        assertTrue(
                bad.getMessage().startsWith("The SitemapKit setting sitemapkit.spring.filter-order is \"last\""),
                bad.getMessage());
    }

    @Test
    void theConfigurationPageListsTheStartersKeyAfterTheOthers() throws Exception {
        String page = Files.readString(Path.of("..", "docs", "configuration.md"), StandardCharsets.UTF_8);
        for (Setting<String> key : StarterSettings.KEYS) {
            assertTrue(page.contains(key.row()), key.row());
        }
    }

    @Test
    void anOriginOnlyBaseUrlTakesTheContextPath() {
        for (String origin : List.of("https://shop.example.com", "https://shop.example.com/")) {
            SpringSettings.Read read =
                    SpringSettings.underContextPath(read(Map.of("sitemapkit.base-url", origin), Map.of()), "/shop");
            assertEquals("https://shop.example.com/shop/", read.values().get("base-url"), origin);
            assertEquals(
                    SitemapSettings.defaults().with("base-url", "https://shop.example.com/shop/"), read.settings());
        }
        // the context path itself is kept; another path fails start-up naming both; no context path, no change
        SpringSettings.Read at = read(Map.of("sitemapkit.base-url", "https://example.com/shop/"), Map.of());
        assertEquals(at, SpringSettings.underContextPath(at, "/shop"));
        SpringSettings.Read elsewhere = read(Map.of("sitemapkit.base-url", "https://example.com/store/"), Map.of());
        SitemapKitStartupException e = org.junit.jupiter.api.Assertions.assertThrows(
                SitemapKitStartupException.class, () -> SpringSettings.underContextPath(elsewhere, "/shop"));
        assertTrue(e.getMessage().contains("sitemapkit.base-url https://example.com/store/"), e.getMessage());
        assertTrue(e.getMessage().contains("server.servlet.context-path"), e.getMessage());
        // behind a proxy that serves the application elsewhere, base-url-as-written keeps it, an origin too
        for (String written : List.of("https://example.com/store/", "https://example.com/")) {
            SpringSettings.Read proxied =
                    read(Map.of("sitemapkit.base-url", written, "sitemapkit.base-url-as-written", "true"), Map.of());
            assertEquals(proxied, SpringSettings.underContextPath(proxied, "/shop"));
        }
        SpringSettings.Read root = read(Map.of("sitemapkit.base-url", "https://shop.example.com"), Map.of());
        assertEquals(root, SpringSettings.underContextPath(root, ""));
    }
}
