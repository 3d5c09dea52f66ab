package org.sitemapkit.jaxrs.processor;

import static com.google.testing.compile.Compiler.javac;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.JavaFileObjects;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.sitemapkit.internal.entry.IndexedEntry;
import org.sitemapkit.jaxrs.internal.IndexFile;
import org.sitemapkit.jaxrs.internal.ReflectionScanner;
import org.sitemapkit.testsupport.InMemoryClasses;

/** For the same resources, the processor's index and the runtime's reflection agree entry for entry. */
class IndexParityTest {

    @Test
    void fixturesCompiledWithTheProcessorEqualReflectionOverTheirClasses() throws Exception {
        List<JavaFileObject> sources = new ArrayList<>();
        for (String f : new String[] {"Pages", "Products", "ProductParams", "InjectedParams", "TopicParams"}) {
            sources.add(JavaFileObjects.forResource("processor/valid/test/" + f + ".java"));
        }
        InMemoryClasses c = InMemoryClasses.of(
                javac().withProcessors(new SitemapEntryProcessor()).compile(sources), IndexFile.RESOURCE);
        List<IndexedEntry> index = IndexFile.read(new StringReader(c.resource()), "compiled fixtures");
        assertEquals(6, index.size());
        List<IndexedEntry> reflected = new ArrayList<>();
        for (Class<?> type :
                c.load(IndexParityTest.class.getClassLoader(), "test.Pages", "test.Pages$Help", "test.Products")) {
            reflected.addAll(ReflectionScanner.scan(type, warning -> {
                throw new AssertionError("unexpected warning: " + warning);
            }));
        }
        reflected.sort(null);
        assertEquals(index, reflected);
    }
}
