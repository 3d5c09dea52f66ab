package org.sitemapkit.jaxrs.internal;

import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Path;
import java.lang.annotation.Annotation;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.sitemapkit.SitemapEntry;
import org.sitemapkit.internal.entry.EntryRules;
import org.sitemapkit.internal.entry.IndexedEntry;
import org.sitemapkit.internal.entry.PathTemplate;
import org.sitemapkit.source.PathParamsProvider;

/**
 * Finds the {@code @SitemapEntry} methods of a resource class by reflection, for classes compiled
 * without the processor (JDK 23+ without {@code annotationProcessorPaths}). It applies the
 * processor's checks and yields the same entries; what the processor would refuse is skipped
 * with a warning instead, because a running application must not fail over its sitemap.
 */
public final class ReflectionScanner {
    private ReflectionScanner() {}

    /** The entries declared by {@code type}, sorted; problems go to {@code warn}. */
    public static List<IndexedEntry> scan(Class<?> type, Consumer<String> warn) {
        return scan(type, warn, true);
    }

    /**
     * As {@link #scan(Class, Consumer)}; {@code constructors} false when the adapter makes the
     * providers its own way (Spring's constructor injection), so their constructors are not judged
     * by what CDI, Jersey or a no-arg call could use.
     */
    public static List<IndexedEntry> scan(Class<?> type, Consumer<String> warn, boolean constructors) {
        List<IndexedEntry> found = new ArrayList<>();
        Method[] methods = type.getDeclaredMethods();
        Arrays.sort(methods, (a, b) -> IndexedEntry.descriptor(a).compareTo(IndexedEntry.descriptor(b)));
        for (Method m : methods) {
            SitemapEntry a = m.getAnnotation(SitemapEntry.class);
            if (a == null || m.isSynthetic() || m.isBridge()) {
                continue;
            }
            String problem = problem(type, m, a, constructors);
            if (problem != null) {
                warn.accept("skipping @SitemapEntry on " + type.getName() + "#" + IndexedEntry.descriptor(m) + ": "
                        + problem);
                continue;
            }
            Path classPath = type.getAnnotation(Path.class);
            Path methodPath = m.getAnnotation(Path.class);
            Class<? extends PathParamsProvider> params = a.params();
            found.add(IndexedEntry.builder()
                    .className(type.getName())
                    .method(IndexedEntry.descriptor(m))
                    .template(PathTemplate.join(classPath.value(), methodPath == null ? null : methodPath.value()))
                    .section(a.section())
                    .changefreq(EntryRules.changefreq(a.changefreq()))
                    .priority(a.priority())
                    .params(params == PathParamsProvider.class ? "" : params.getName())
                    .build());
        }
        return found;
    }

    /** What the processor would report for this method, or null. */
    static String problem(Class<?> type, Method m, SitemapEntry a, boolean constructors) {
        List<String> designators = new ArrayList<>();
        for (Annotation ann : m.getAnnotations()) {
            HttpMethod h = ann.annotationType().getAnnotation(HttpMethod.class);
            if (h != null) {
                designators.add(h.value());
            }
        }
        Path methodPath = m.getAnnotation(Path.class);
        if (designators.isEmpty()) {
            return methodPath != null ? "sub-resource locators are not supported" : "it has no @GET";
        }
        if (!designators.contains(HttpMethod.GET)) {
            return "only @GET methods are pages, not @" + String.join(", @", designators);
        }
        if (!Modifier.isPublic(m.getModifiers()) || Modifier.isStatic(m.getModifiers())) {
            return "it is not a public instance method";
        }
        String typeProblem = classProblem(type);
        if (typeProblem != null) {
            return "resource class " + typeProblem;
        }
        Path classPath = type.getAnnotation(Path.class);
        if (classPath == null) {
            return "class " + type.getSimpleName() + " has no @Path (sub-resource classes are not supported)";
        }
        PathTemplate template;
        try {
            PathTemplate.parse(classPath.value());
            template = PathTemplate.parse(
                    PathTemplate.join(classPath.value(), methodPath == null ? null : methodPath.value()));
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        String p = EntryRules.sectionProblem(a.section());
        if (p == null) {
            p = EntryRules.changefreqCountProblem(a.changefreq().length);
        }
        if (p == null) {
            p = EntryRules.priorityProblem(a.priority());
        }
        if (p != null) {
            return p;
        }
        Class<? extends PathParamsProvider> params = a.params();
        if (params == PathParamsProvider.class) {
            return template.hasVariables() ? EntryRules.missingParamsProblem(template) : null;
        }
        String c = classProblem(params);
        if (c == null && constructors && !hasUsableConstructor(params)) {
            c = "it needs a public no-arg constructor (or an @Inject one, for a runtime that injects)";
        }
        return c == null ? null : params.getName() + " cannot be instantiated: " + c;
    }

    private static String classProblem(Class<?> type) {
        if (type.isInterface() || type.isEnum() || type.isArray() || type.isPrimitive()) {
            return type.getName() + " is not a class";
        }
        if (Modifier.isAbstract(type.getModifiers())) {
            return type.getName() + " is abstract";
        }
        for (Class<?> t = type; t != null; t = t.getEnclosingClass()) {
            if (t.isLocalClass() || t.isAnonymousClass()) {
                return type.getName() + " is a local or anonymous class";
            }
            if (!Modifier.isPublic(t.getModifiers())) {
                return t.getName() + " is not public";
            }
            if (t.isMemberClass() && !Modifier.isStatic(t.getModifiers())) {
                return t.getName() + " is an inner (non-static) class";
            }
        }
        return null;
    }

    private static boolean hasUsableConstructor(Class<?> type) {
        for (Constructor<?> c : type.getDeclaredConstructors()) {
            if (Modifier.isPublic(c.getModifiers()) && c.getParameterCount() == 0) {
                return true;
            }
            for (Annotation a : c.getAnnotations()) {
                if (ProviderFactory.isInject(a)) {
                    return true;
                }
            }
        }
        return false;
    }
}
