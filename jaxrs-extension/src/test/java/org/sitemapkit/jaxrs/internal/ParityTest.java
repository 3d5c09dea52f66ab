package org.sitemapkit.jaxrs.internal;

import static com.google.testing.compile.Compiler.javac;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.io.InputStream;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.sitemapkit.jaxrs.processor.SitemapEntryProcessor;
import org.sitemapkit.jaxrs.shop.CategoryResource;
import org.sitemapkit.jaxrs.shop.PageResource;
import org.sitemapkit.jaxrs.shop.ProductResource;
import org.sitemapkit.jaxrs.shop.UnlistedResource;

/** For the same resources, the processor's index and the runtime's reflection agree entry for entry. */
class ParityTest {
    private static final List<Class<?>> SHOP =
            List.of(CategoryResource.class, PageResource.class, ProductResource.class, UnlistedResource.class);

    @Test
    void shopIndexFromTheBuildEqualsReflection() {
        List<IndexedEntry> index = shopIndex();
        assertEquals(6, index.size(), index.toString());
        assertEquals(index, reflect(SHOP));
    }

    @Test
    void fixturesCompiledWithTheProcessorEqualReflectionOverTheirClasses() throws Exception {
        List<JavaFileObject> sources = new ArrayList<>();
        for (String f : new String[] {"Pages", "Products", "ProductParams", "InjectedParams", "TopicParams"}) {
            sources.add(JavaFileObjects.forResource("processor/valid/test/" + f + ".java"));
        }
        Compiled c =
                Compiled.of(javac().withProcessors(new SitemapEntryProcessor()).compile(sources));
        List<IndexedEntry> index = IndexFile.read(new StringReader(c.index), "compiled fixtures");
        assertEquals(6, index.size());
        assertEquals(index, reflect(c.load("test.Pages", "test.Pages$Help", "test.Products")));
    }

    @Test
    void collectorReflectsOnlyOnClassesNoIndexLists() {
        List<IndexedEntry> index = shopIndex();
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
        Compiled c = Compiled.of(javac().compile(JavaFileObjects.forSourceString(
                "test.Refused",
                ""
                        + "package test;\n"
                        + "import jakarta.ws.rs.*;\n"
                        + "import org.sitemapkit.jaxrs.SitemapEntry;\n"
                        + "@Path(\"refused\") public class Refused {\n"
                        + "  @GET @Path(\"{id: [0-9]+}\") @SitemapEntry(params = org.sitemapkit.jaxrs.shop.ProductParams.class)\n"
                        + "  public String a() { return \"\"; }\n"
                        + "  @POST @SitemapEntry public String b() { return \"\"; }\n"
                        + "  @GET @Path(\"ok\") @SitemapEntry public String c() { return \"\"; }\n"
                        + "}\n")));
        assertEquals(null, c.index);
        List<String> warnings = new ArrayList<>();
        List<IndexedEntry> found = ReflectionScanner.scan(c.load("test.Refused").get(0), warnings::add);
        assertEquals(
                List.of("/refused/ok"),
                found.stream().map(IndexedEntry::template).collect(Collectors.toList()));
        assertEquals(2, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("regex template variables are not supported"), warnings.toString());
        assertTrue(warnings.get(1).contains("only @GET methods are pages, not @POST"), warnings.toString());
    }

    private static List<IndexedEntry> shopIndex() {
        return IndexReader.read(ParityTest.class.getClassLoader(), ParityTest::fail).stream()
                .filter(e -> e.className().startsWith("org.sitemapkit.jaxrs.shop."))
                .collect(Collectors.toList());
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

    /** What compile-testing's in-memory javac produced: the classes, loadable, and the index text. */
    private static final class Compiled {
        final Map<String, byte[]> classes = new HashMap<>();
        String index;

        static Compiled of(Compilation c) throws Exception {
            assertEquals(Compilation.Status.SUCCESS, c.status(), c.diagnostics().toString());
            Compiled out = new Compiled();
            for (JavaFileObject f : c.generatedFiles()) {
                String path = f.toUri().getPath();
                if (path.endsWith(IndexFile.RESOURCE)) {
                    out.index = f.getCharContent(true).toString();
                } else if (path.endsWith(".class")) {
                    String name =
                            path.substring(path.indexOf("CLASS_OUTPUT/") + "CLASS_OUTPUT/".length(), path.length() - 6);
                    try (InputStream in = f.openInputStream()) {
                        out.classes.put(name.replace('/', '.'), in.readAllBytes());
                    }
                }
            }
            return out;
        }

        List<Class<?>> load(String... names) throws ClassNotFoundException {
            ClassLoader loader = new BytesClassLoader(classes, ParityTest.class.getClassLoader());
            List<Class<?>> loaded = new ArrayList<>();
            for (String n : names) {
                loaded.add(Class.forName(n, false, loader));
            }
            return loaded;
        }
    }

    /** Defines the classes javac produced in memory. */
    private static final class BytesClassLoader extends ClassLoader {
        private final Map<String, byte[]> classes;

        BytesClassLoader(Map<String, byte[]> classes, ClassLoader parent) {
            super(parent);
            this.classes = classes;
        }

        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            byte[] b = classes.get(name);
            if (b == null) {
                throw new ClassNotFoundException(name);
            }
            return defineClass(name, b, 0, b.length);
        }
    }
}
