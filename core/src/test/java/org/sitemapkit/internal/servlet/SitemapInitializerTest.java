package org.sitemapkit.internal.servlet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import jakarta.servlet.FilterRegistration;
import jakarta.servlet.ServletContext;
import java.lang.reflect.Proxy;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sitemapkit.SitemapFilter;

/** auto-register is read as every other key: context-param, system property, then the properties file. */
class SitemapInitializerTest {
    /** What the initializer asked of the container: the filters it added and how they are mapped. */
    private final List<String> calls = new ArrayList<>();

    @Test
    void mapsTheFilterUnlessToldNot() {
        new SitemapInitializer()
                .onStartup(Set.of(), context(Map.of(), getClass().getClassLoader()));
        assertEquals(
                List.of("addFilter SitemapKit " + SitemapFilter.class.getName(), "async true", "map [REQUEST] /*"),
                calls);
    }

    /** Named, not imported, so that this package does not depend on the API: the name is the class's. */
    @Test
    void theFilterItNamesIsTheApiFilter() {
        assertSame(SitemapFilter.class, SitemapInitializer.filterClass());
    }

    @Test
    void aContextParamTurnsItOff() {
        new SitemapInitializer()
                .onStartup(
                        Set.of(),
                        context(
                                Map.of("sitemapkit.auto-register", " FALSE "),
                                getClass().getClassLoader()));
        assertEquals(List.of(), calls);
    }

    @Test
    void aSystemPropertyTurnsItOffAndAContextParamWins() {
        System.setProperty("sitemapkit.auto-register", "false");
        try {
            new SitemapInitializer()
                    .onStartup(Set.of(), context(Map.of(), getClass().getClassLoader()));
            assertEquals(List.of(), calls);
            new SitemapInitializer()
                    .onStartup(
                            Set.of(),
                            context(
                                    Map.of("sitemapkit.auto-register", "true"),
                                    getClass().getClassLoader()));
            assertEquals(3, calls.size(), calls.toString());
        } finally {
            System.clearProperty("sitemapkit.auto-register");
        }
    }

    @Test
    void theSpringBootStarterRegistersTheFilterItself(@TempDir Path dir) throws Exception {
        Path starter = dir.resolve("org/sitemapkit/spring/SitemapKitAutoConfiguration.class");
        Files.createDirectories(starter.getParent());
        Files.write(starter, new byte[0]);
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, null)) {
            new SitemapInitializer().onStartup(Set.of(), context(Map.of(), loader));
        }
        assertEquals(List.of(), calls, "a Boot WAR: the starter registers the filter once its beans exist");
    }

    @Test
    void thePropertiesFileTurnsItOff(@TempDir Path dir) throws Exception {
        Files.writeString(
                dir.resolve("sitemapkit.properties"), "sitemapkit.auto-register=false\n", StandardCharsets.UTF_8);
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, null)) {
            new SitemapInitializer().onStartup(Set.of(), context(Map.of(), loader));
        }
        assertEquals(List.of(), calls);
    }

    @Test
    void aBadValueFailsNamingWhereItCameFrom() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> new SitemapInitializer()
                        .onStartup(
                                Set.of(),
                                context(
                                        Map.of("sitemapkit.auto-register", "maybe"),
                                        getClass().getClassLoader())));
        assertEquals(
                "bad SitemapKit setting sitemapkit.auto-register=\"maybe\" (context-param): must be true or false",
                e.getMessage());
        assertEquals(List.of(), calls);
    }

    private ServletContext context(Map<String, String> params, ClassLoader loader) {
        return (ServletContext) Proxy.newProxyInstance(
                getClass().getClassLoader(), new Class<?>[] {ServletContext.class}, (proxy, method, args) -> {
                    switch (method.getName()) {
                        case "getInitParameterNames":
                            return Collections.enumeration(params.keySet());
                        case "getInitParameter":
                            return params.get((String) args[0]);
                        case "getClassLoader":
                            return loader;
                        case "getFilterRegistrations":
                            return Map.of();
                        case "addFilter":
                            calls.add("addFilter " + args[0] + " " + ((Class<?>) args[1]).getName());
                            return registration();
                        default:
                            throw new UnsupportedOperationException(method.getName());
                    }
                });
    }

    private FilterRegistration.Dynamic registration() {
        return (FilterRegistration.Dynamic) Proxy.newProxyInstance(
                getClass().getClassLoader(),
                new Class<?>[] {FilterRegistration.Dynamic.class},
                (proxy, method, args) -> {
                    switch (method.getName()) {
                        case "setAsyncSupported":
                            calls.add("async " + args[0]);
                            return null;
                        case "addMappingForUrlPatterns":
                            calls.add("map " + args[0] + " " + String.join(",", (String[]) args[2]));
                            return null;
                        default:
                            throw new UnsupportedOperationException(method.getName());
                    }
                });
    }
}
