package org.sitemapkit.jaxrs.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.sitemapkit.jaxrs.internal.IndexFile;

/**
 * The processor in a real javac (compile-testing): the golden index for valid resources, and
 * each mistake reported on its own line.
 */
class SitemapEntryProcessorTest {
    private static final String[] VALID = {
        "test/Pages.java",
        "test/Products.java",
        "test/ProductParams.java",
        "test/InjectedParams.java",
        "test/TopicParams.java"
    };

    @Test
    void writesTheGoldenIndexForValidResources() {
        Compilation c = compile(valid(false));
        assertThat(c).succeededWithoutWarnings();
        assertThat(c)
                .generatedFile(StandardLocation.CLASS_OUTPUT, IndexFile.RESOURCE)
                .contentsAsUtf8String()
                .isEqualTo(testResource("processor/valid/jaxrs-entries.tsv"));
    }

    @Test
    void indexIsByteIdenticalWhateverTheSourceOrder() {
        assertThat(compile(valid(true)))
                .generatedFile(StandardLocation.CLASS_OUTPUT, IndexFile.RESOURCE)
                .contentsAsUtf8String()
                .isEqualTo(testResource("processor/valid/jaxrs-entries.tsv"));
    }

    @Test
    void writesNoIndexWithoutEntries() {
        Compilation c = compile(List.of(JavaFileObjects.forSourceString(
                "test.Plain",
                "package test;\n@jakarta.ws.rs.Path(\"x\") public class Plain {\n"
                        + "  @jakarta.ws.rs.GET public String x() { return \"\"; }\n}\n")));
        assertThat(c).succeededWithoutWarnings();
        assertTrue(indexOf(c).isEmpty());
    }

    @Test
    void leavesSpringMvcHandlersToTheStarter() {
        Compilation c = compile(List.of(JavaFileObjects.forSourceString(
                "test.Pages",
                "package test;\n"
                        + "import org.sitemapkit.SitemapEntry;\n"
                        + "import org.springframework.web.bind.annotation.*;\n"
                        + "@RestController @RequestMapping(\"/help\") public class Pages {\n"
                        + "  @GetMapping(\"/faq\") @SitemapEntry public String faq() { return \"\"; }\n"
                        + "  @SitemapEntry public String home() { return \"\"; }\n"
                        + "}\n")));
        assertThat(c).succeededWithoutWarnings();
        assertTrue(indexOf(c).isEmpty(), "nothing of Spring's in the JAX-RS index");
    }

    @Test
    void collectsEntriesAcrossRoundsAndWritesOnce() {
        Compilation c = javac().withProcessors(new GeneratesAResource(), new SitemapEntryProcessor())
                .compile(valid(false));
        assertThat(c).succeededWithoutWarnings();
        String index = indexOf(c).get(0);
        assertTrue(index.contains("gen.Generated\tpage()\t/generated\tpages\t-\t-\t-\n"), index);
        assertTrue(index.contains("test.Products\tproduct(long,java.lang.String)"), index);
    }

    /** A mistake, the marker on the line where it must be reported, and words of the message. */
    record Mistake(String name, String source, String message) {
        @Override
        public String toString() {
            return name;
        }
    }

    static List<Mistake> mistakes() {
        List<Mistake> m = new ArrayList<>();
        m.add(new Mistake(
                "not GET",
                resource(""
                        + "  @POST @Path(\"cart\")\n"
                        + "  @SitemapEntry // <-\n"
                        + "  public String add() { return \"\"; }\n"),
                "needs a @GET resource method, not @POST"));
        m.add(new Mistake(
                "no HTTP method",
                resource(""
                        + "  @Path(\"x\")\n"
                        + "  @SitemapEntry(priority = 0.5) // <-\n"
                        + "  public Object locator() { return null; }\n"),
                "sub-resource locator"));
        m.add(new Mistake(
                "no HTTP method, no path",
                resource("" + "  @SitemapEntry // <-\n" + "  public String helper() { return \"\"; }\n"),
                "needs a @GET resource method: add @GET"));
        m.add(new Mistake(
                "no @Path on class or method",
                ""
                        + "package test;\n" + IMPORTS
                        + "public class Bad {\n"
                        + "  @GET @SitemapEntry // <-\n"
                        + "  public String page() { return \"\"; }\n"
                        + "}\n",
                "no @Path on class Bad or on method page"));
        m.add(new Mistake(
                "no @Path on class",
                ""
                        + "package test;\n" + IMPORTS
                        + "public class Bad {\n"
                        + "  @GET @Path(\"page\")\n"
                        + "  @SitemapEntry // <-\n"
                        + "  public String page() { return \"\"; }\n"
                        + "}\n",
                "class Bad has no @Path, so it is not a root resource class"));
        m.add(new Mistake(
                "variables without provider",
                resource(""
                        + "  @GET @Path(\"{id}/{slug}\")\n"
                        + "  @SitemapEntry(section = \"products\") // <-\n"
                        + "  public String p() { return \"\"; }\n"),
                "has template variables [id, slug] but no provider"));
        m.add(new Mistake(
                "variable in class path without provider",
                ""
                        + "package test;\n" + IMPORTS
                        + "@Path(\"shops/{shop}\")\n"
                        + "public class Bad {\n"
                        + "  @GET\n"
                        + "  @SitemapEntry // <-\n"
                        + "  public String page() { return \"\"; }\n"
                        + "}\n",
                "path /shops/{shop} has template variables [shop] but no provider"));
        m.add(new Mistake(
                "provider not implementing the SPI",
                resource(""
                        + "  @GET @Path(\"{id}\")\n"
                        + "  @SitemapEntry(params = String.class) // <-\n"
                        + "  public String p() { return \"\"; }\n"),
                "PathParamsProvider"));
        m.add(new Mistake(
                "abstract provider",
                resource(""
                        + "  @GET @Path(\"{id}\")\n"
                        + "  @SitemapEntry(params = Abstract.class) // <-\n"
                        + "  public String p() { return \"\"; }\n"
                        + "  public abstract static class Abstract implements PathParamsProvider {}\n"),
                "test.Bad.Abstract cannot be instantiated: it is abstract"));
        m.add(new Mistake(
                "provider without usable constructor",
                resource(""
                        + "  @GET @Path(\"{id}\")\n"
                        + "  @SitemapEntry(params = NoCtor.class) // <-\n"
                        + "  public String p() { return \"\"; }\n"
                        + "  public static class NoCtor implements PathParamsProvider {\n"
                        + "    public NoCtor(String s) {}\n"
                        + "    public Stream<PathParams> params(PathParamsContext c) { return Stream.empty(); }\n"
                        + "  }\n"),
                "cannot be instantiated: it needs a public no-arg constructor"));
        m.add(new Mistake(
                "inner-class provider",
                resource(""
                        + "  @GET @Path(\"{id}\")\n"
                        + "  @SitemapEntry(params = Inner.class) // <-\n"
                        + "  public String p() { return \"\"; }\n"
                        + "  public class Inner implements PathParamsProvider {\n"
                        + "    public Stream<PathParams> params(PathParamsContext c) { return Stream.empty(); }\n"
                        + "  }\n"),
                "Inner is an inner (non-static) class"));
        m.add(new Mistake(
                "non-public provider",
                resource(""
                        + "  @GET @Path(\"{id}\")\n"
                        + "  @SitemapEntry(params = Hidden.class) // <-\n"
                        + "  public String p() { return \"\"; }\n"
                        + "  static class Hidden implements PathParamsProvider {\n"
                        + "    public Stream<PathParams> params(PathParamsContext c) { return Stream.empty(); }\n"
                        + "  }\n"),
                "Hidden is not public"));
        m.add(new Mistake(
                "priority above 1",
                resource(""
                        + "  @GET\n"
                        + "  @SitemapEntry(priority = 1.5) // <-\n"
                        + "  public String p() { return \"\"; }\n"),
                "priority must be between 0.0 and 1.0: 1.5"));
        m.add(new Mistake(
                "negative priority",
                resource(""
                        + "  @GET\n"
                        + "  @SitemapEntry(priority = -0.1) // <-\n"
                        + "  public String p() { return \"\"; }\n"),
                "priority must be between 0.0 and 1.0: -0.1"));
        m.add(new Mistake(
                "two changefreqs",
                resource(""
                        + "  @GET\n"
                        + "  @SitemapEntry(changefreq = {Changefreq.DAILY, Changefreq.WEEKLY}) // <-\n"
                        + "  public String p() { return \"\"; }\n"),
                "changefreq takes at most one value, 2 given"));
        m.add(new Mistake(
                "bad section",
                resource(""
                        + "  @GET\n"
                        + "  @SitemapEntry(section = \"Products\") // <-\n"
                        + "  public String p() { return \"\"; }\n"),
                "bad section"));
        m.add(new Mistake(
                "bad regex variable",
                resource(""
                        + "  @GET\n"
                        + "  @Path(\"{id: [0-9+}\") // <-\n"
                        + "  @SitemapEntry(params = Ids.class)\n"
                        + "  public String p() { return \"\"; }\n"
                        + "  public static class Ids implements PathParamsProvider {\n"
                        + "    public Stream<PathParams> params(PathParamsContext c) { return Stream.empty(); }\n"
                        + "  }\n"),
                "bad regular expression in {id: [0-9+}"));
        m.add(new Mistake(
                "bad regex variable in the class path",
                ""
                        + "package test;\n" + IMPORTS
                        + "@Path(\"shops/{shop: [a-z+}\") // <-\n"
                        + "public class Bad {\n"
                        + "  @GET\n"
                        + "  @SitemapEntry\n"
                        + "  public String page() { return \"\"; }\n"
                        + "}\n",
                "bad regular expression in {shop: [a-z+}"));
        m.add(new Mistake(
                "static method",
                resource("" + "  @GET\n" + "  @SitemapEntry // <-\n" + "  public static String p() { return \"\"; }\n"),
                "needs a public instance method"));
        m.add(new Mistake(
                "abstract resource class",
                ""
                        + "package test;\n" + IMPORTS
                        + "@Path(\"base\")\n"
                        + "public abstract class Bad {\n"
                        + "  @GET\n"
                        + "  @SitemapEntry // <-\n"
                        + "  public String page() { return \"\"; }\n"
                        + "}\n",
                "Bad is abstract"));
        return m;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("mistakes")
    void reportsTheMistakeOnItsLine(Mistake mistake) {
        JavaFileObject source = JavaFileObjects.forSourceString("test.Bad", mistake.source());
        Compilation c = compile(List.of(source));
        assertThat(c).failed();
        assertThat(c).hadErrorContaining(mistake.message()).inFile(source).onLine(lineOf(mistake.source(), "// <-"));
    }

    @Test
    void reportsEveryMistakeOfOneMethodAndKeepsGoing() {
        String text = resource(""
                + "  @POST\n"
                + "  @SitemapEntry(priority = 2, changefreq = {Changefreq.DAILY, Changefreq.NEVER}, section = \"A\") // <-\n"
                + "  public String p() { return \"\"; }\n");
        JavaFileObject source = JavaFileObjects.forSourceString("test.Bad", text);
        Compilation c = compile(List.of(source));
        long line = lineOf(text, "// <-");
        assertThat(c).hadErrorContaining("not @POST").inFile(source).onLine(line);
        assertThat(c)
                .hadErrorContaining("priority must be between")
                .inFile(source)
                .onLine(line);
        assertThat(c)
                .hadErrorContaining("changefreq takes at most one value")
                .inFile(source)
                .onLine(line);
        assertThat(c).hadErrorContaining("bad section").inFile(source).onLine(line);
        assertEquals(4, c.errors().size(), c.errors().toString());
    }

    private static final String IMPORTS = "" + "import jakarta.ws.rs.*;\n" + "import java.util.stream.Stream;\n"
            + "import org.sitemapkit.SitemapEntry;\n" + "import org.sitemapkit.source.*;\n"
            + "import org.sitemapkit.model.Changefreq;\n";

    /** A root resource class test.Bad around {@code body}. */
    private static String resource(String body) {
        return "package test;\n" + IMPORTS + "@Path(\"bad\")\npublic class Bad {\n" + body + "}\n";
    }

    private static long lineOf(String text, String marker) {
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].contains(marker)) {
                return i + 1;
            }
        }
        throw new AssertionError("no marker in " + text);
    }

    private static Compilation compile(List<JavaFileObject> sources) {
        return javac().withProcessors(new SitemapEntryProcessor()).compile(sources);
    }

    private static List<JavaFileObject> valid(boolean reversed) {
        List<JavaFileObject> files = new ArrayList<>();
        for (String f : VALID) {
            files.add(JavaFileObjects.forResource("processor/valid/" + f));
        }
        if (reversed) {
            Collections.reverse(files);
        }
        return files;
    }

    private static List<String> indexOf(Compilation c) {
        List<String> found = new ArrayList<>();
        for (JavaFileObject f : c.generatedFiles()) {
            if (f.toUri().getPath().endsWith(IndexFile.RESOURCE)) {
                try {
                    found.add(f.getCharContent(true).toString());
                } catch (FileNotFoundException e) {
                    // compile-testing lists an output the processor only looked for (its earlier index)
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        return found;
    }

    private static String testResource(String path) {
        try (InputStream in = SitemapEntryProcessorTest.class.getClassLoader().getResourceAsStream(path)) {
            if (in == null) {
                throw new AssertionError("missing test resource " + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Generates an annotated resource in the first round, so ours sees it only in the second. */
    static final class GeneratesAResource extends AbstractProcessor {
        private boolean done;

        @Override
        public Set<String> getSupportedAnnotationTypes() {
            return Set.of("*");
        }

        @Override
        public SourceVersion getSupportedSourceVersion() {
            return SourceVersion.latestSupported();
        }

        @Override
        public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
            if (!done) {
                done = true;
                try (var w = processingEnv
                        .getFiler()
                        .createSourceFile("gen.Generated")
                        .openWriter()) {
                    w.write(
                            "package gen;\n@jakarta.ws.rs.Path(\"generated\") public class Generated {\n"
                                    + "  @jakarta.ws.rs.GET @org.sitemapkit.SitemapEntry public String page() { return \"\"; }\n}\n");
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            return false;
        }
    }
}
