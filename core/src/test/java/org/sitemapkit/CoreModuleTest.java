package org.sitemapkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sitemapkit.testsupport.ModuleCompiler.location;

import jakarta.servlet.Filter;
import java.io.IOException;
import java.lang.module.Configuration;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleDescriptor.Requires;
import java.lang.module.ModuleFinder;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sitemapkit.testsupport.ModuleCompiler;

/**
 * The module descriptor as built: exactly the API packages exported, {@code org.sitemapkit.internal}
 * to the JAX-RS extension and its other adapters only, the page check's package to the test kit
 * alone, nothing opened, and a consumer on the module path compiles and runs against the API but cannot reach an
 * internal package. The other tests run on the class path, as web applications do.
 */
class CoreModuleTest {
    static final String MODULE = "org.sitemapkit.core";

    static final Set<String> API = Set.of("org.sitemapkit", "org.sitemapkit.model", "org.sitemapkit.source");

    static final String INTERNAL = "org.sitemapkit.internal";

    @Test
    void exportsExactlyTheApiPackagesAndTheInternalsToItsOwnAdaptersOnly() {
        ModuleDescriptor d = descriptor();
        assertEquals(
                new TreeSet<>(API),
                d.exports().stream()
                        .filter(e -> !e.isQualified())
                        .map(ModuleDescriptor.Exports::source)
                        .collect(Collectors.toCollection(TreeSet::new)));
        assertEquals(
                Map.of(
                        INTERNAL,
                        Set.of("org.sitemapkit.jaxrs"),
                        INTERNAL + ".config",
                        Set.of("org.sitemapkit.jaxrs", "org.sitemapkit.spring", "org.sitemapkit.quarkus.deployment"),
                        INTERNAL + ".source",
                        Set.of("org.sitemapkit.jaxrs"),
                        INTERNAL + ".entry",
                        Set.of(
                                "org.sitemapkit.jaxrs",
                                "org.sitemapkit.jaxrs.processor",
                                "org.sitemapkit.spring",
                                "org.sitemapkit.quarkus.deployment"),
                        INTERNAL + ".servlet",
                        Set.of("org.sitemapkit.jaxrs", "org.sitemapkit.spring"),
                        INTERNAL + ".engine",
                        Set.of("org.sitemapkit.jaxrs"),
                        INTERNAL + ".robots",
                        Set.of("org.sitemapkit.jaxrs"),
                        INTERNAL + ".http",
                        Set.of("org.sitemapkit.jaxrs"),
                        INTERNAL + ".status",
                        Set.of(
                                "org.sitemapkit.jaxrs",
                                "org.sitemapkit.spring",
                                "org.sitemapkit.quarkus",
                                "java.management"),
                        INTERNAL + ".verify",
                        Set.of("org.sitemapkit.test")),
                d.exports().stream()
                        .filter(ModuleDescriptor.Exports::isQualified)
                        .collect(
                                Collectors.toMap(ModuleDescriptor.Exports::source, ModuleDescriptor.Exports::targets)));
        assertEquals(Set.of(), d.opens());
        assertTrue(
                d.packages().contains("org.sitemapkit.internal.html"), "the HTML view is in the module, not exported");
        assertEquals(
                Set.of(),
                d.packages().stream()
                        .filter(p -> !API.contains(p) && !(p + ".").startsWith(INTERNAL + "."))
                        .collect(Collectors.toSet()),
                "the packages that are neither API nor under " + INTERNAL);
    }

    @Test
    void declaresItsServicesAndDependencies() {
        ModuleDescriptor d = descriptor();
        assertEquals(
                Set.of("org.sitemapkit.source.UrlSource", "org.sitemapkit.internal.config.SettingsExtension"),
                d.uses());
        assertEquals(
                Map.of(
                        "jakarta.servlet.ServletContainerInitializer",
                        List.of("org.sitemapkit.internal.servlet.SitemapInitializer")),
                d.provides().stream()
                        .collect(Collectors.toMap(
                                ModuleDescriptor.Provides::service, ModuleDescriptor.Provides::providers)));
        Map<String, Set<Requires.Modifier>> requires = new TreeMap<>();
        d.requires().forEach(r -> requires.put(r.name(), r.modifiers()));
        assertEquals(
                Map.ofEntries(
                        Map.entry("java.base", Set.of(Requires.Modifier.MANDATED)),
                        Map.entry("jakarta.servlet", Set.of(Requires.Modifier.TRANSITIVE)),
                        Map.entry("cache.api", Set.of(Requires.Modifier.STATIC)),
                        Map.entry("java.sql", Set.of(Requires.Modifier.TRANSITIVE)),
                        Map.entry("java.net.http", Set.of()),
                        Map.entry("java.xml", Set.of()),
                        Map.entry("java.management", Set.of()),
                        Map.entry("micrometer.core", Set.of(Requires.Modifier.STATIC)),
                        Map.entry("org.hibernate.orm.core", Set.of(Requires.Modifier.STATIC)),
                        Map.entry("java.naming", Set.of(Requires.Modifier.STATIC)),
                        Map.entry("jakarta.persistence", Set.of(Requires.Modifier.STATIC)),
                        Map.entry("jakarta.transaction", Set.of(Requires.Modifier.STATIC))),
                requires);
    }

    @Test
    void aConsumerModuleCompilesAgainstTheApiAndItsServiceIsFound(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        String log = javac(
                dir.resolve("src"),
                out,
                Map.of(
                        "module-info.java",
                        "module consumer {\n"
                                + "  requires transitive org.sitemapkit.core;\n"
                                + "  exports consumer;\n"
                                + "  uses org.sitemapkit.source.UrlSource;\n"
                                + "  provides org.sitemapkit.source.UrlSource with consumer.Pages;\n"
                                + "}\n",
                        "consumer/Pages.java",
                        "package consumer;\n"
                                + "import java.util.stream.Stream;\n"
                                + "import org.sitemapkit.model.*;\n"
                                + "import org.sitemapkit.source.UrlSource;\n"
                                + "public final class Pages implements UrlSource {\n"
                                + "  public Pages() {}\n"
                                + "  @Override public String section() { return \"pages\"; }\n"
                                + "  @Override public Stream<SitemapUrl> urls(Site site) {\n"
                                + "    return Stream.of(\"/\", \"/about\").map(p -> SitemapUrl.builder(site.url(p))\n"
                                + "        .changefreq(Changefreq.WEEKLY).build());\n"
                                + "  }\n"
                                + "}\n",
                        "consumer/Main.java",
                        "package consumer;\n"
                                + "import java.util.*;\n"
                                + "import java.util.stream.Stream;\n"
                                + "import org.sitemapkit.SitemapSettings;\n"
                                + "import org.sitemapkit.model.*;\n"
                                + "import org.sitemapkit.PageStore;\n"
                                + "import org.sitemapkit.SitemapFilter;\n"
                                + "import org.sitemapkit.source.*;\n"
                                + "public final class Main {\n"
                                + "  private Main() {}\n"
                                + "  public static List<String> run() throws Exception {\n"
                                + "    jakarta.servlet.Filter filter = new SitemapFilter(); // read through core\n"
                                + "    Site site = Site.of(\"https://shop.example.com/\");\n"
                                + "    List<String> seen = new ArrayList<>(List.of(filter.getClass().getModule().getName(),\n"
                                + "        PageStore.memory().getClass().getModule().getName(),\n"
                                + "        SitemapSettings.of(Map.of(\"max-urls\", \"50000\")).equals(SitemapSettings.defaults()) ? \"50000\" : \"?\"));\n"
                                + "    for (UrlSource source : ServiceLoader.load(Main.class.getModule().getLayer(), UrlSource.class)) {\n"
                                + "      try (Stream<SitemapUrl> urls = source.changefreq(Changefreq.DAILY).urls(site)) {\n"
                                + "        urls.forEach(u -> seen.add(source.section() + \" \" + u.loc()));\n"
                                + "      }\n"
                                + "    }\n"
                                + "    return seen;\n"
                                + "  }\n"
                                + "}\n"));
        assertEquals("", log);

        ModuleFinder finder = ModuleFinder.of(out, location(SitemapKit.class), location(Filter.class));
        Configuration config =
                ModuleLayer.boot().configuration().resolveAndBind(finder, ModuleFinder.of(), Set.of("consumer"));
        // the platform loader as parent, so that nothing on the test class path is seen
        ModuleLayer layer = ModuleLayer.boot().defineModulesWithOneLoader(config, ClassLoader.getPlatformClassLoader());
        Module core = layer.findModule(MODULE).orElseThrow();
        assertNotEquals(SitemapKit.class.getModule(), core);
        assertFalse(core.isExported("org.sitemapkit.internal.html"));
        assertFalse(core.isExported(INTERNAL));
        assertFalse(core.isExported(INTERNAL, layer.findModule("consumer").orElseThrow()));
        assertTrue(core.isExported("org.sitemapkit.source"));

        Object seen = layer.findLoader("consumer")
                .loadClass("consumer.Main")
                .getMethod("run")
                .invoke(null);
        assertEquals(
                List.of(
                        MODULE,
                        MODULE,
                        "50000",
                        "pages https://shop.example.com/",
                        "pages https://shop.example.com/about"),
                seen);
    }

    @Test
    void anInternalPackageIsNotVisibleToAConsumerModule(@TempDir Path dir) throws Exception {
        String log = javac(
                dir.resolve("src"),
                dir.resolve("out"),
                Map.of(
                        "module-info.java",
                        "module consumer { requires org.sitemapkit.core; }\n",
                        "consumer/Peek.java",
                        "package consumer;\n"
                                + "public final class Peek {\n"
                                + "  private Peek() {}\n"
                                + "  static Class<?> view() { return org.sitemapkit.internal.html.HtmlView.class; }\n"
                                + "}\n"));
        assertTrue(
                log.contains(
                        "package org.sitemapkit.internal.html is declared in module org.sitemapkit.core, which does not"
                                + " export it"),
                log);
    }

    @Test
    void theInternalPackageIsNotVisibleToAConsumerModule(@TempDir Path dir) throws Exception {
        String log = javac(
                dir.resolve("src"),
                dir.resolve("out"),
                Map.of(
                        "module-info.java",
                        "module consumer { requires org.sitemapkit.core; }\n",
                        "consumer/Peek.java",
                        "package consumer;\n"
                                + "public final class Peek {\n"
                                + "  private Peek() {}\n"
                                + "  static String quoted() { return org.sitemapkit.internal.LogText.quote(\"x\"); }\n"
                                + "}\n"));
        // exported to org.sitemapkit.jaxrs only
        assertTrue(
                log.contains("package org.sitemapkit.internal is declared in module org.sitemapkit.core, which does"
                        + " not export it to module consumer"),
                log);
    }

    private static ModuleDescriptor descriptor() {
        return ModuleFinder.of(location(SitemapKit.class))
                .find(MODULE)
                .orElseThrow()
                .descriptor();
    }

    /** Compiles a module on the module path of core and the Servlet API; javac's output, empty on success. */
    private static String javac(Path src, Path out, Map<String, String> files) throws IOException {
        return ModuleCompiler.javac(
                src, out, ModuleCompiler.modulePath(SitemapKit.class, Filter.class), "-Xlint:all", files);
    }
}
