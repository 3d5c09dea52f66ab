package org.sitemapkit.jaxrs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sitemapkit.testsupport.ModuleCompiler.location;

import jakarta.servlet.Filter;
import java.io.File;
import java.io.IOException;
import java.lang.module.Configuration;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleDescriptor.Requires;
import java.lang.module.ModuleFinder;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sitemapkit.SitemapKit;
import org.sitemapkit.testsupport.ModuleCompiler;

/**
 * The module descriptor as built, and an application module compiled on the module path against
 * it, with the annotation processor found on javac's processor module path through
 * {@code provides}. The other tests run on the class path, as web applications do.
 */
class JaxrsModuleTest {
    private static final String MODULE = "org.sitemapkit.jaxrs";

    @Test
    void exportsOnlyItsApiAndOpensItsInternalsForTheRuntimeToInstantiate() {
        ModuleDescriptor d = ModuleFinder.of(location(SitemapEntryFeature.class))
                .find(MODULE)
                .orElseThrow()
                .descriptor();
        assertEquals(
                Map.of(
                        "org.sitemapkit.jaxrs",
                        Set.of(),
                        "org.sitemapkit.jaxrs.internal",
                        Set.of(
                                "org.sitemapkit.jaxrs.processor",
                                "org.sitemapkit.spring",
                                "org.sitemapkit.quarkus",
                                "org.sitemapkit.quarkus.deployment")),
                d.exports().stream()
                        .collect(
                                Collectors.toMap(ModuleDescriptor.Exports::source, ModuleDescriptor.Exports::targets)));
        assertEquals(
                Set.of("org.sitemapkit.jaxrs.internal"),
                d.opens().stream()
                        .peek(o -> assertTrue(!o.isQualified(), o.toString()))
                        .map(ModuleDescriptor.Opens::source)
                        .collect(Collectors.toSet()));
        assertEquals(
                Map.of(
                        "jakarta.servlet.ServletContainerInitializer",
                        List.of("org.sitemapkit.jaxrs.internal.SitemapEntryInitializer"),
                        "org.sitemapkit.internal.config.SettingsExtension",
                        List.of("org.sitemapkit.jaxrs.internal.JaxrsSettings"),
                        "jakarta.ws.rs.core.Feature",
                        List.of("org.sitemapkit.jaxrs.SitemapEntryFeature")),
                d.provides().stream()
                        .collect(Collectors.toMap(
                                ModuleDescriptor.Provides::service, ModuleDescriptor.Provides::providers)));
        Map<String, Set<Requires.Modifier>> requires = new TreeMap<>();
        d.requires().forEach(r -> requires.put(r.name(), r.modifiers()));
        assertEquals(
                Map.of(
                        "java.base", Set.of(Requires.Modifier.MANDATED),
                        "org.sitemapkit.core", Set.of(Requires.Modifier.TRANSITIVE),
                        "jakarta.ws.rs", Set.of(Requires.Modifier.TRANSITIVE),
                        "jakarta.cdi", Set.of(Requires.Modifier.STATIC),
                        "jakarta.inject", Set.of(Requires.Modifier.STATIC),
                        "microprofile.config.api", Set.of(Requires.Modifier.STATIC),
                        "java.naming", Set.of()),
                requires);
    }

    @Test
    void coreExportsItsInternalsToItsOwnAdaptersOnly() {
        ModuleDescriptor core = ModuleFinder.of(location(SitemapKit.class))
                .find("org.sitemapkit.core")
                .orElseThrow()
                .descriptor();
        assertEquals(
                Map.of(
                        "org.sitemapkit.internal",
                        Set.of(MODULE),
                        "org.sitemapkit.internal.config",
                        Set.of(MODULE, "org.sitemapkit.spring", "org.sitemapkit.quarkus.deployment"),
                        "org.sitemapkit.internal.engine",
                        Set.of(MODULE),
                        "org.sitemapkit.internal.robots",
                        Set.of(MODULE),
                        "org.sitemapkit.internal.http",
                        Set.of(MODULE),
                        "org.sitemapkit.internal.source",
                        Set.of(MODULE),
                        "org.sitemapkit.internal.entry",
                        Set.of(
                                MODULE,
                                "org.sitemapkit.jaxrs.processor",
                                "org.sitemapkit.spring",
                                "org.sitemapkit.quarkus.deployment"),
                        "org.sitemapkit.internal.servlet",
                        Set.of(MODULE, "org.sitemapkit.spring"),
                        "org.sitemapkit.internal.status",
                        Set.of(MODULE, "org.sitemapkit.spring", "org.sitemapkit.quarkus", "java.management"),
                        "org.sitemapkit.internal.verify",
                        Set.of("org.sitemapkit.test")),
                core.exports().stream()
                        .filter(ModuleDescriptor.Exports::isQualified)
                        .collect(
                                Collectors.toMap(ModuleDescriptor.Exports::source, ModuleDescriptor.Exports::targets)));
    }

    @Test
    void theInternalsAreNotVisibleToAnApplicationModule(@TempDir Path dir) throws Exception {
        String log = javac(
                dir,
                dir.resolve("out"),
                Map.of(
                        "module-info.java",
                        "module shop { requires org.sitemapkit.jaxrs; }\n",
                        "shop/Peek.java",
                        "package shop;\n"
                                + "final class Peek {\n"
                                + "  private Peek() {}\n"
                                + "  static Object scanner() {"
                                + " return org.sitemapkit.jaxrs.internal.EarlyPlacement.class; }\n"
                                + "}\n"),
                "-proc:none");
        assertTrue(
                log.contains("package org.sitemapkit.jaxrs.internal is declared in module org.sitemapkit.jaxrs,"
                        + " which does not export it"),
                log);
    }

    @Test
    void coresInternalsAreNotVisibleToAnApplicationModule(@TempDir Path dir) throws Exception {
        String log = javac(
                dir,
                dir.resolve("out"),
                Map.of(
                        "module-info.java",
                        "module shop { requires org.sitemapkit.jaxrs; }\n",
                        "shop/Peek.java",
                        "package shop;\n"
                                + "final class Peek {\n"
                                + "  private Peek() {}\n"
                                + "  static String quoted() { return org.sitemapkit.internal.LogText.quote(\"x\"); }\n"
                                + "}\n"),
                "-proc:none");
        assertTrue(
                log.contains("package org.sitemapkit.internal is declared in module org.sitemapkit.core, which does"
                        + " not export it to module shop"),
                log);
    }

    @Test
    void aJaxrsRuntimeOnTheModulePathCanMakeAndInjectTheFeatures() throws Exception {
        Configuration config = ModuleLayer.boot()
                .configuration()
                .resolve(
                        ModuleFinder.of(Stream.of(modulePath().split(File.pathSeparator))
                                .map(Path::of)
                                .toArray(Path[]::new)),
                        ModuleFinder.of(),
                        Set.of(MODULE));
        // the platform loader as parent, so that nothing on the test class path is seen
        ModuleLayer layer = ModuleLayer.boot().defineModulesWithOneLoader(config, ClassLoader.getPlatformClassLoader());
        ClassLoader loader = layer.findLoader(MODULE);
        // what Jersey and RESTEasy do with SitemapEntryFeature and the ServletFeature it registers
        loader.loadClass(SitemapEntryFeature.class.getName()).getConstructor().newInstance();
        Class<?> internal = loader.loadClass("org.sitemapkit.jaxrs.internal.ServletFeature");
        assertTrue(internal.getModule().isNamed());
        Object feature = internal.getConstructor().newInstance();
        Field context = internal.getDeclaredField("servletContext");
        context.setAccessible(true);
        assertNull(context.get(feature));

        // core's internals: readable by this module, which reads its settings through them
        Module core = layer.findModule("org.sitemapkit.core").orElseThrow();
        assertTrue(core.isExported(
                "org.sitemapkit.internal", layer.findModule(MODULE).orElseThrow()));
        assertFalse(core.isExported("org.sitemapkit.internal"));
        Class<?> contextType = loader.loadClass("jakarta.servlet.ServletContext");
        Object servletContext = Proxy.newProxyInstance(loader, new Class<?>[] {contextType}, (proxy, m, args) -> {
            switch (m.getName()) {
                case "getInitParameterNames":
                    return Collections.enumeration(List.of("sitemapkit.jaxrs.base-path"));
                case "getInitParameter":
                    return "sitemapkit.jaxrs.base-path".equals(args[0]) ? "/api" : null;
                case "getClassLoader":
                    return loader;
                default:
                    throw new UnsupportedOperationException(m.getName());
            }
        });
        Method setting = loader.loadClass("org.sitemapkit.jaxrs.internal.SitemapEntryInitializer")
                .getDeclaredMethod("setting", contextType);
        setting.setAccessible(true);
        assertEquals("/api", setting.invoke(null, servletContext));
    }

    /** This module, core and the two APIs, as an application's module path would hold them. */
    private static String modulePath() {
        return ModuleCompiler.modulePath(
                SitemapEntryFeature.class, SitemapKit.class, jakarta.ws.rs.Path.class, Filter.class);
    }

    /** javac's output, empty on success; -Xlint:-processing because nothing claims @GET or @Path. */
    private static String javac(Path dir, Path out, Map<String, String> files, String... options) throws IOException {
        return ModuleCompiler.javac(dir.resolve("src"), out, modulePath(), "-Xlint:all,-processing", files, options);
    }
}
