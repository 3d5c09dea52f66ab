package org.sitemapkit.jaxrs.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import jakarta.servlet.Filter;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sitemapkit.jaxrs.SitemapEntryFeature;
import org.sitemapkit.jaxrs.internal.IndexFile;
import org.sitemapkit.source.UrlSource;
import org.sitemapkit.testsupport.ModuleCompiler;

/**
 * The processor as a named module: it provides the Processor service and nothing for run time, and
 * an application module finds it on javac's processor module path.
 */
class ProcessorModuleTest {
    private static final String MODULE = "org.sitemapkit.jaxrs.processor";

    @Test
    void providesTheProcessorAndReadsTheRuntimeModule() throws Exception {
        ModuleDescriptor d = ModuleFinder.of(Paths.get(SitemapEntryProcessor.class
                        .getProtectionDomain()
                        .getCodeSource()
                        .getLocation()
                        .toURI()))
                .find(MODULE)
                .orElseThrow()
                .descriptor();
        assertEquals(
                Map.of("javax.annotation.processing.Processor", List.of(SitemapEntryProcessor.class.getName())),
                d.provides().stream()
                        .collect(Collectors.toMap(
                                ModuleDescriptor.Provides::service, ModuleDescriptor.Provides::providers)));
        assertEquals(
                Set.of("java.base", "org.sitemapkit.jaxrs", "java.compiler"),
                d.requires().stream().map(ModuleDescriptor.Requires::name).collect(Collectors.toSet()));
    }

    /** Gradle reads this file to run the processor incrementally: it belongs to the processor's jar only. */
    @Test
    void declaresItselfAggregatingToGradleAndTheRuntimeJarDoesNot() throws Exception {
        String declaration = "META-INF/gradle/incremental.annotation.processors";
        assertEquals(
                List.of(SitemapEntryProcessor.class.getName() + ",aggregating"),
                Files.readAllLines(codeSource(SitemapEntryProcessor.class).resolve(declaration)));
        assertFalse(Files.exists(codeSource(SitemapEntryFeature.class).resolve(declaration)));
    }

    private static Path codeSource(Class<?> c) throws Exception {
        return Paths.get(c.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    @Test
    void anApplicationModuleCompilesWithTheProcessorOnTheProcessorModulePath(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        String modulePath = ModuleCompiler.modulePath(
                SitemapEntryProcessor.class,
                SitemapEntryFeature.class,
                UrlSource.class,
                jakarta.ws.rs.Path.class,
                Filter.class);
        String log = ModuleCompiler.javac(
                dir.resolve("src"),
                out,
                modulePath,
                "-Xlint:all,-processing",
                Map.of(
                        "module-info.java",
                        "module shop {\n  requires org.sitemapkit.jaxrs;\n}\n",
                        "shop/Items.java",
                        "package shop;\n"
                                + "import jakarta.ws.rs.*;\n"
                                + "import org.sitemapkit.SitemapEntry;\n"
                                + "@Path(\"items\")\n"
                                + "public class Items {\n"
                                + "  @GET @Path(\"{id}\") @SitemapEntry(section = \"items\", params = ItemParams.class)\n"
                                + "  public String item(@PathParam(\"id\") long id) { return \"item\"; }\n"
                                + "}\n",
                        "shop/ItemParams.java",
                        "package shop;\n"
                                + "import java.util.stream.Stream;\n"
                                + "import org.sitemapkit.source.*;\n"
                                + "public class ItemParams implements PathParamsProvider {\n"
                                + "  @Override public Stream<PathParams> params(PathParamsContext context) {\n"
                                + "    return Stream.empty();\n"
                                + "  }\n"
                                + "}\n"),
                "--processor-module-path",
                modulePath);
        assertEquals("", log);
        assertEquals(
                List.of("shop.Items\titem(long)\t/items/{id}\titems\t-\t-\tshop.ItemParams"),
                Files.readAllLines(out.resolve(IndexFile.RESOURCE), StandardCharsets.UTF_8).stream()
                        .filter(l -> !l.startsWith("#"))
                        .collect(Collectors.toList()));
    }
}
