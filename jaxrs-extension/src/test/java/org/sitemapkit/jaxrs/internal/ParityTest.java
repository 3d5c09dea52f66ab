package org.sitemapkit.jaxrs.internal;

import static com.google.testing.compile.Compiler.javac;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.JavaFileObjects;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.sitemapkit.internal.entry.IndexedEntry;
import org.sitemapkit.jaxrs.shop.CategoryResource;
import org.sitemapkit.jaxrs.shop.PageResource;
import org.sitemapkit.jaxrs.shop.ProductResource;
import org.sitemapkit.jaxrs.shop.UnlistedResource;
import org.sitemapkit.testsupport.InMemoryClasses;

/**
 * What the runtime finds by reflection, and how it combines that with an index: classes an index
 * lists are not reflected on. The processor's side of the parity is IndexParityTest, in
 * sitemapkit-jaxrs-processor.
 */
class ParityTest {
    private static final List<Class<?>> SHOP =
            List.of(CategoryResource.class, PageResource.class, ProductResource.class, UnlistedResource.class);

    @Test
    void collectorReflectsOnlyOnClassesNoIndexLists() {
        List<IndexedEntry> index = reflect(SHOP);
        EntryCollector.Result none = EntryCollector.collect(List.of(), SHOP, ParityTest::fail);
        assertEquals(index, none.entries);
        assertEquals(SHOP.stream().map(Class::getName).collect(Collectors.toSet()), none.reflected);

        EntryCollector.Result indexed = EntryCollector.collect(index, List.of(PageResource.class), ParityTest::fail);
        assertEquals(Set.of(), indexed.reflected);
        assertEquals(3, indexed.entries.size());
        assertTrue(indexed.entries.stream().allMatch(e -> e.className().equals(PageResource.class.getName())));
    }

    @Test
    void reflectionSkipsWhatTheProcessorRefusesWithAWarning() throws Exception {
        // What a build without the processor can contain: compiled here with no processor at all.
        InMemoryClasses c = InMemoryClasses.of(
                javac().compile(JavaFileObjects.forSourceString(
                        "test.Refused",
                        ""
                                + "package test;\n"
                                + "import jakarta.ws.rs.*;\n"
                                + "import org.sitemapkit.SitemapEntry;\n"
                                + "@Path(\"refused\") public class Refused {\n"
                                + "  @GET @Path(\"{id: [0-9+}\") @SitemapEntry(params = org.sitemapkit.jaxrs.shop.ProductParams.class)\n"
                                + "  public String a() { return \"\"; }\n"
                                + "  @POST @SitemapEntry public String b() { return \"\"; }\n"
                                + "  @GET @Path(\"ok\") @SitemapEntry public String c() { return \"\"; }\n"
                                + "}\n")),
                IndexFile.RESOURCE);
        assertEquals(null, c.resource());
        List<String> warnings = new ArrayList<>();
        List<IndexedEntry> found = ReflectionScanner.scan(
                c.load(ParityTest.class.getClassLoader(), "test.Refused").get(0), warnings::add);
        assertEquals(
                List.of("/refused/ok"),
                found.stream().map(IndexedEntry::template).collect(Collectors.toList()));
        assertEquals(2, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("bad regular expression in {id: [0-9+}"), warnings.toString());
        assertTrue(warnings.get(1).contains("only @GET methods are pages, not @POST"), warnings.toString());
    }

    private static List<IndexedEntry> reflect(List<Class<?>> classes) {
        List<IndexedEntry> all = new ArrayList<>();
        classes.forEach(c -> all.addAll(ReflectionScanner.scan(c, ParityTest::fail)));
        all.sort(null);
        return all;
    }

    private static void fail(String warning) {
        throw new AssertionError("unexpected warning: " + warning);
    }
}
