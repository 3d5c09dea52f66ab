package org.sitemapkit.jaxrs.processor;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.StringJoiner;
import java.util.TreeMap;
import java.util.TreeSet;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.tools.Diagnostic;
import javax.tools.FileObject;
import javax.tools.StandardLocation;
import org.sitemapkit.internal.entry.EntryRules;
import org.sitemapkit.internal.entry.IndexedEntry;
import org.sitemapkit.internal.entry.PathTemplate;
import org.sitemapkit.jaxrs.internal.IndexFile;

/**
 * Checks every {@code @SitemapEntry} at compile time and writes the index the runtime reads,
 * {@value IndexFile#RESOURCE}, once, sorted, when processing is over, so a mistake fails the build
 * at its line instead of leaving a hole in the sitemap. Errors are reported on the method, the
 * annotation and, where one is to blame, its value; the processor never throws into javac.
 *
 * <p>Incremental builds recompile some classes only: the index is then merged with the one
 * already in the class output (entries of the classes not recompiled are kept while they still
 * exist with their annotation), so an IDE or a dev mode's reload never loses the other entries.
 * For Gradle the processor is declared aggregating.
 *
 * <p>Found through {@code META-INF/services/javax.annotation.processing.Processor}. JDK 23 and
 * later run no processor found on the class path unless asked: list
 * {@code sitemapkit-jaxrs-processor} under the compiler plugin's {@code annotationProcessorPaths}
 * (or pass {@code -processor} with this class's name, or {@code -proc:full}).
 */
public final class SitemapEntryProcessor extends AbstractProcessor {
    private static final String GET = "GET";
    private static final String PATH = "jakarta.ws.rs.Path";
    private static final String HTTP_METHOD = "jakarta.ws.rs.HttpMethod";
    private static final Set<String> INJECT = Set.of("jakarta.inject.Inject", "javax.inject.Inject");

    private final SortedSet<IndexedEntry> entries = new TreeSet<>();
    private final Map<String, TypeElement> originating = new TreeMap<>();
    /** Binary names of every type this compilation compiles: their old entries are replaced. */
    private final Set<String> compiled = new HashSet<>();

    private boolean failed;
    private boolean written;

    /** Found by javac through the service file, or named with {@code -processor}. */
    public SitemapEntryProcessor() {}

    /**
     * Every type, not only {@code @SitemapEntry}: a recompiled class whose last entry was removed
     * must still have its old entries dropped from the index, and javac calls a processor only for
     * the annotations it names.
     */
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
        try {
            if (round.processingOver()) {
                writeIndex();
            } else {
                for (Element root : round.getRootElements()) {
                    noteCompiled(root);
                }
                TypeElement annotation = processingEnv.getElementUtils().getTypeElement(EntryRules.ANNOTATION);
                if (annotation != null) {
                    for (Element e : round.getElementsAnnotatedWith(annotation)) {
                        check(e, mirror(e, EntryRules.ANNOTATION));
                    }
                }
            }
        } catch (RuntimeException | LinkageError e) {
            StringWriter trace = new StringWriter();
            e.printStackTrace(new PrintWriter(trace));
            processingEnv
                    .getMessager()
                    .printMessage(
                            Diagnostic.Kind.ERROR,
                            "sitemapkit: the @SitemapEntry processor failed (is sitemapkit-core on the processor path?): "
                                    + trace);
        }
        return false;
    }

    /**
     * Whether the method or its class carries a Spring MVC annotation ({@code @GetMapping},
     * {@code @RequestMapping}, {@code @Controller}...): named, not loaded, so Spring need not be on
     * the processor path.
     */
    private static boolean springMvc(ExecutableElement method, TypeElement type) {
        for (Element e : List.of(method, type)) {
            for (AnnotationMirror a : e.getAnnotationMirrors()) {
                String name = ((TypeElement) a.getAnnotationType().asElement())
                        .getQualifiedName()
                        .toString();
                if (name.startsWith("org.springframework.web.bind.annotation.")
                        || name.equals("org.springframework.stereotype.Controller")) {
                    return true;
                }
            }
        }
        return false;
    }

    private void check(Element element, AnnotationMirror mirror) {
        if (element.getKind() != ElementKind.METHOD || mirror == null) {
            return; // @Target forbids it; javac has said so
        }
        ExecutableElement method = (ExecutableElement) element;
        TypeElement type = (TypeElement) method.getEnclosingElement();
        if (httpMethods(method).isEmpty() && mirror(method, PATH) == null && springMvc(method, type)) {
            return; // a Spring MVC handler: the Spring Boot starter reads it from Spring's own mappings at start
        }
        Check c = new Check(method, mirror);

        AnnotationMirror methodPath = mirror(method, PATH);
        List<String> designators = httpMethods(method);
        if (designators.isEmpty()) {
            c.error(
                    null,
                    methodPath != null
                            ? "@SitemapEntry is on a sub-resource locator (a @Path method without @GET), which is not"
                                    + " supported: put it on the @GET method of a root resource class"
                            : "@SitemapEntry needs a @GET resource method: add @GET");
        } else if (!designators.contains(GET)) {
            c.error(
                    null,
                    "@SitemapEntry needs a @GET resource method, not @" + String.join(", @", designators)
                            + ": a sitemap lists pages a crawler fetches with GET");
        }
        if (!method.getModifiers().contains(Modifier.PUBLIC)
                || method.getModifiers().contains(Modifier.STATIC)) {
            c.error(null, "@SitemapEntry needs a public instance method: JAX-RS only dispatches to those");
        }
        String typeProblem = resourceClassProblem(type);
        if (typeProblem != null) {
            c.error(null, typeProblem);
        }

        AnnotationMirror classPath = mirror(type, PATH);
        String template = null;
        if (classPath == null) {
            c.error(
                    null,
                    methodPath == null
                            ? "no @Path on class " + type.getSimpleName() + " or on method " + method.getSimpleName()
                                    + ": a @SitemapEntry needs a root resource class (one with @Path)"
                            : "class " + type.getSimpleName() + " has no @Path, so it is not a root resource class;"
                                    + " resources reached through sub-resource locators are not supported");
        } else {
            template = template(c, type, classPath, methodPath);
        }

        String section = c.string("section");
        String problem = EntryRules.sectionProblem(section);
        if (problem != null) {
            c.error("section", problem);
        }
        List<String> changefreqs = c.enumConstants("changefreq");
        problem = EntryRules.changefreqCountProblem(changefreqs.size());
        if (problem != null) {
            c.error("changefreq", problem);
        }
        String changefreq = changefreqs.size() == 1 ? changefreqs.get(0) : "";
        double priority = c.value("priority") instanceof Double ? (Double) c.value("priority") : Double.NaN;
        problem = EntryRules.priorityProblem(priority);
        if (problem != null) {
            c.error("priority", problem);
        }
        String params = provider(c);
        if (template != null && params != null && params.isEmpty()) {
            PathTemplate t = PathTemplate.parse(template);
            if (t.hasVariables()) {
                c.error(null, EntryRules.missingParamsProblem(t));
            }
        }
        if (c.failed || template == null || params == null) {
            failed = true;
            return;
        }
        entries.add(IndexedEntry.builder()
                .className(binaryName(type))
                .method(descriptor(method))
                .template(template)
                .section(section)
                .changefreq(EntryRules.changefreq(changefreq))
                .priority(priority)
                .params(params)
                .build());
        originating.put(binaryName(type), type);
    }

    /** The joined template, or null after reporting why the class or method path is refused. */
    private String template(Check c, TypeElement type, AnnotationMirror classPath, AnnotationMirror methodPath) {
        String classValue = pathValue(classPath);
        String methodValue = methodPath == null ? null : pathValue(methodPath);
        boolean ok = parses(classValue, type, classPath);
        if (!ok) {
            c.error(null, "the class @Path cannot be indexed: see the error on class " + type.getSimpleName());
        }
        if (methodValue != null && !parses(methodValue, c.method, methodPath)) {
            c.failed = true;
            ok = false;
        }
        return ok ? PathTemplate.join(classValue, methodValue) : null;
    }

    /** Whether a @Path value parses; if not, the error is reported at that @Path. */
    private boolean parses(String path, Element owner, AnnotationMirror pathMirror) {
        try {
            PathTemplate.parse(path);
            return true;
        } catch (IllegalArgumentException e) {
            processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR, e.getMessage(), owner, pathMirror);
            return false;
        }
    }

    /** The provider's binary name, empty for none, or null after reporting why it is refused. */
    private String provider(Check c) {
        Object value = c.value("params");
        if (!(value instanceof DeclaredType)) {
            if (value != null) {
                c.error("params", "params must name a class that implements " + EntryRules.PROVIDER_SPI);
                return null;
            }
            return "";
        }
        TypeElement provider = (TypeElement) ((DeclaredType) value).asElement();
        if (provider.getQualifiedName().contentEquals(EntryRules.PROVIDER_SPI)) {
            return "";
        }
        TypeElement spi = processingEnv.getElementUtils().getTypeElement(EntryRules.PROVIDER_SPI);
        String name = provider.getQualifiedName().toString();
        if (spi == null
                || !processingEnv
                        .getTypeUtils()
                        .isAssignable(
                                processingEnv.getTypeUtils().erasure(provider.asType()),
                                processingEnv.getTypeUtils().erasure(spi.asType()))) {
            c.error("params", name + " does not implement " + EntryRules.PROVIDER_SPI);
            return null;
        }
        String problem = instantiationProblem(provider);
        if (problem != null) {
            c.error("params", name + " cannot be instantiated: " + problem);
            return null;
        }
        return binaryName(provider);
    }

    private static String instantiationProblem(TypeElement type) {
        if (type.getKind() != ElementKind.CLASS) {
            return "it is " + (type.getKind() == ElementKind.INTERFACE ? "an interface" : "not a class");
        }
        if (type.getModifiers().contains(Modifier.ABSTRACT)) {
            return "it is abstract";
        }
        String access = accessProblem(type);
        if (access != null) {
            return access;
        }
        for (ExecutableElement ctor : ElementFilter.constructorsIn(type.getEnclosedElements())) {
            boolean inject = ctor.getAnnotationMirrors().stream()
                    .anyMatch(a ->
                            INJECT.contains(((TypeElement) a.getAnnotationType().asElement())
                                    .getQualifiedName()
                                    .toString()));
            if (inject
                    || (ctor.getModifiers().contains(Modifier.PUBLIC)
                            && ctor.getParameters().isEmpty())) {
                return null;
            }
        }
        return "it needs a public no-arg constructor (or an @Inject one, for a runtime that injects)";
    }

    private static String resourceClassProblem(TypeElement type) {
        if (type.getKind() != ElementKind.CLASS) {
            return "@SitemapEntry must be on a method of a resource class, not of an "
                    + type.getKind().toString().toLowerCase(Locale.ROOT);
        }
        if (type.getModifiers().contains(Modifier.ABSTRACT)) {
            return "@SitemapEntry must be on a method of a concrete resource class: " + type.getSimpleName()
                    + " is abstract";
        }
        String access = accessProblem(type);
        return access == null ? null : "resource class " + type.getSimpleName() + ": " + access;
    }

    /** Why a class cannot be made from outside its package, or null. */
    private static String accessProblem(TypeElement type) {
        for (Element e = type; e instanceof TypeElement; e = e.getEnclosingElement()) {
            TypeElement t = (TypeElement) e;
            if (t.getNestingKind() == NestingKind.LOCAL || t.getNestingKind() == NestingKind.ANONYMOUS) {
                return "it is a local or anonymous class";
            }
            if (!t.getModifiers().contains(Modifier.PUBLIC)) {
                return t.getSimpleName() + " is not public";
            }
            if (t.getNestingKind() == NestingKind.MEMBER
                    && !t.getModifiers().contains(Modifier.STATIC)
                    && t.getKind() == ElementKind.CLASS) {
                return t.getSimpleName() + " is an inner (non-static) class";
            }
        }
        return null;
    }

    /** The designators of the method's HTTP method annotations (those meta-annotated @HttpMethod). */
    private static List<String> httpMethods(ExecutableElement method) {
        List<String> found = new ArrayList<>();
        for (AnnotationMirror a : method.getAnnotationMirrors()) {
            AnnotationMirror designator = mirror(a.getAnnotationType().asElement(), HTTP_METHOD);
            if (designator != null) {
                for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> v :
                        designator.getElementValues().entrySet()) {
                    found.add(String.valueOf(v.getValue().getValue()));
                }
            }
        }
        return found;
    }

    private static AnnotationMirror mirror(Element element, String annotation) {
        for (AnnotationMirror a : element.getAnnotationMirrors()) {
            if (((TypeElement) a.getAnnotationType().asElement())
                    .getQualifiedName()
                    .contentEquals(annotation)) {
                return a;
            }
        }
        return null;
    }

    private static String pathValue(AnnotationMirror path) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> v :
                path.getElementValues().entrySet()) {
            if (v.getKey().getSimpleName().contentEquals("value")) {
                return String.valueOf(v.getValue().getValue());
            }
        }
        return "";
    }

    private String binaryName(TypeElement type) {
        return processingEnv.getElementUtils().getBinaryName(type).toString();
    }

    /** The method and its erased parameter types as {@code Class.getTypeName} writes them. */
    private String descriptor(ExecutableElement method) {
        StringJoiner j = new StringJoiner(",", method.getSimpleName() + "(", ")");
        for (VariableElement p : method.getParameters()) {
            j.add(typeName(processingEnv.getTypeUtils().erasure(p.asType())));
        }
        return j.toString();
    }

    private String typeName(TypeMirror type) {
        if (type.getKind() == TypeKind.ARRAY) {
            return typeName(((ArrayType) type).getComponentType()) + "[]";
        }
        if (type.getKind() == TypeKind.DECLARED) {
            return binaryName((TypeElement) ((DeclaredType) type).asElement());
        }
        return type.toString();
    }

    private void noteCompiled(Element element) {
        if (element instanceof TypeElement type) {
            compiled.add(binaryName(type));
            for (Element member : type.getEnclosedElements()) {
                noteCompiled(member);
            }
        }
    }

    /**
     * Writes this compilation's entries merged with those of the index already in the class
     * output, so an incremental build (an IDE, a dev mode's reload) that recompiles some classes
     * keeps the entries of the others; entries of recompiled, deleted or no longer annotated
     * classes are dropped.
     */
    private void writeIndex() {
        if (written || failed) {
            return;
        }
        written = true;
        List<IndexedEntry> previous = previousIndex();
        SortedSet<IndexedEntry> merged = new TreeSet<>(entries);
        Map<String, Element> origins = new TreeMap<>(originating);
        for (IndexedEntry e : previous == null ? List.<IndexedEntry>of() : previous) {
            if (compiled.contains(e.className())) {
                continue;
            }
            TypeElement type = stillAnnotated(e);
            if (type != null) {
                merged.add(e);
                origins.put(e.className(), type);
            }
        }
        if (previous == null ? merged.isEmpty() : merged.equals(new TreeSet<>(previous))) {
            return;
        }
        try {
            FileObject file = processingEnv
                    .getFiler()
                    .createResource(
                            StandardLocation.CLASS_OUTPUT,
                            "",
                            IndexFile.RESOURCE,
                            origins.values().toArray(new Element[0]));
            try (Writer w = new OutputStreamWriter(file.openOutputStream(), StandardCharsets.UTF_8)) {
                w.write(IndexFile.write(merged));
            }
        } catch (IOException | RuntimeException e) {
            processingEnv
                    .getMessager()
                    .printMessage(Diagnostic.Kind.ERROR, "sitemapkit: cannot write " + IndexFile.RESOURCE + ": " + e);
        }
    }

    /** The index an earlier compilation left in the class output, or null if there is none. */
    private List<IndexedEntry> previousIndex() {
        FileObject file;
        try {
            file = processingEnv.getFiler().getResource(StandardLocation.CLASS_OUTPUT, "", IndexFile.RESOURCE);
        } catch (IOException | IllegalArgumentException e) {
            return null; // no such file, or a file manager that cannot read its output
        }
        try (Reader r = new InputStreamReader(file.openInputStream(), StandardCharsets.UTF_8)) {
            return IndexFile.read(r, file.toUri().toString());
        } catch (FileNotFoundException | NoSuchFileException e) {
            return null;
        } catch (IOException | IllegalArgumentException e) {
            processingEnv
                    .getMessager()
                    .printMessage(
                            Diagnostic.Kind.WARNING,
                            "sitemapkit: replacing the unreadable index " + IndexFile.RESOURCE
                                    + " in the class output; classes not compiled now lose their entries"
                                    + " until a clean build: " + e.getMessage());
            return null;
        }
    }

    /** The class of an earlier entry if it still exists and its method still has the annotation. */
    private TypeElement stillAnnotated(IndexedEntry entry) {
        Elements elements = processingEnv.getElementUtils();
        String name = entry.className();
        TypeElement type = elements.getTypeElement(name.replace('$', '.'));
        if (type == null && name.indexOf('$') >= 0) {
            type = elements.getTypeElement(name);
        }
        if (type == null || !binaryName(type).equals(name)) {
            return null;
        }
        for (ExecutableElement method : ElementFilter.methodsIn(type.getEnclosedElements())) {
            if (descriptor(method).equals(entry.method()) && mirror(method, EntryRules.ANNOTATION) != null) {
                return type;
            }
        }
        return null;
    }

    /** The checks of one annotated method: reads its values and reports at the right place. */
    private final class Check {
        final ExecutableElement method;
        final AnnotationMirror mirror;
        boolean failed;

        Check(ExecutableElement method, AnnotationMirror mirror) {
            this.method = method;
            this.mirror = mirror;
        }

        /** The value, defaults included. */
        Object value(String name) {
            for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> v : processingEnv
                    .getElementUtils()
                    .getElementValuesWithDefaults(mirror)
                    .entrySet()) {
                if (v.getKey().getSimpleName().contentEquals(name)) {
                    return v.getValue().getValue();
                }
            }
            return null;
        }

        String string(String name) {
            Object v = value(name);
            return v instanceof String ? (String) v : "";
        }

        /** The names of the enum constants an array value lists (one unbracketed value is a list of one). */
        List<String> enumConstants(String name) {
            Object v = value(name);
            List<?> values = v instanceof List<?> list ? list : v == null ? List.of() : List.of(v);
            List<String> names = new ArrayList<>();
            for (Object each : values) {
                Object constant = each instanceof AnnotationValue a ? a.getValue() : each;
                if (constant instanceof VariableElement e) {
                    names.add(e.getSimpleName().toString());
                }
            }
            return names;
        }

        /** Reports at the explicit value {@code name} when given, else at the annotation. */
        void error(String name, String message) {
            failed = true;
            AnnotationValue at = null;
            if (name != null) {
                for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> v :
                        mirror.getElementValues().entrySet()) {
                    if (v.getKey().getSimpleName().contentEquals(name)) {
                        at = v.getValue();
                    }
                }
            }
            processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR, message, method, mirror, at);
        }
    }
}
