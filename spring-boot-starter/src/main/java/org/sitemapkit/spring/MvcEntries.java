package org.sitemapkit.spring;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.sitemapkit.SitemapEntry;
import org.sitemapkit.internal.entry.EntryRules;
import org.sitemapkit.internal.entry.IndexedEntry;
import org.sitemapkit.internal.entry.PathTemplate;
import org.sitemapkit.internal.entry.ResolvedEntry;
import org.sitemapkit.source.PathParamsProvider;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.util.ClassUtils;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * {@code @SitemapEntry} on Spring MVC handler methods, read from the handler mappings once every
 * controller is mapped: class-level and method-level mappings joined as Spring joined them. What
 * cannot be listed (a method that does not answer GET, a wildcard, a template variable no provider
 * fills) fails the start, naming the method, as the annotation processor fails a JAX-RS build.
 */
final class MvcEntries {
    private static final System.Logger LOG = System.getLogger(SitemapKitAutoConfiguration.class.getName());

    private MvcEntries() {}

    /** The entries of every request mapping, in path order, each method once. */
    static List<ResolvedEntry> find(ListableBeanFactory beans, ResolvedEntry.App app) {
        List<ResolvedEntry> found = new ArrayList<>();
        // One entry per controller, method and path: a method inherited by two controllers is two pages.
        Set<String> seen = new HashSet<>();
        for (RequestMappingHandlerMapping mapping :
                beans.getBeansOfType(RequestMappingHandlerMapping.class).values()) {
            mapping.getHandlerMethods().forEach((info, handler) -> {
                Method method = handler.getMethod();
                SitemapEntry entry = AnnotatedElementUtils.findMergedAnnotation(method, SitemapEntry.class);
                if (entry != null
                        && seen.add(ClassUtils.getUserClass(handler.getBeanType())
                                        .getName() + "#" + method + " " + info.getPatternValues())) {
                    found.add(resolve(info, handler, entry, app));
                }
            });
        }
        found.sort(Comparator.comparing((ResolvedEntry r) -> r.entry.template()).thenComparing(r -> r.entry));
        Set<String> paths = new HashSet<>();
        found.removeIf(r -> {
            boolean twice = !paths.add(r.entry.template());
            if (twice) {
                LOG.log(
                        System.Logger.Level.WARNING,
                        "sitemapkit: listing {0} once: {1}#{2} maps the same path as another @SitemapEntry method",
                        r.displayPath(),
                        r.resourceClass.getName(),
                        r.entry.methodName());
            }
            return twice;
        });
        return found;
    }

    private static ResolvedEntry resolve(
            RequestMappingInfo info, HandlerMethod handler, SitemapEntry entry, ResolvedEntry.App app) {
        Class<?> type = ClassUtils.getUserClass(handler.getBeanType());
        Method method = handler.getMethod();
        String where = type.getName() + "#" + method.getName();
        Set<RequestMethod> methods = info.getMethodsCondition().getMethods();
        if (!methods.isEmpty() && !methods.contains(RequestMethod.GET)) {
            throw refused(where, "it answers " + methods + ", not GET; a sitemap lists pages that crawlers GET");
        }
        if (!info.getParamsCondition().isEmpty() || !info.getHeadersCondition().isEmpty()) {
            throw refused(
                    where,
                    "it answers only requests with "
                            + (info.getParamsCondition().isEmpty()
                                    ? "headers " + info.getHeadersCondition()
                                    : "parameters " + info.getParamsCondition())
                            + ", which a crawler following the URL does not send");
        }
        List<String> patterns = new ArrayList<>(info.getPatternValues());
        if (patterns.isEmpty()) {
            throw refused(where, "it maps no path");
        }
        if (patterns.size() > 1) {
            throw refused(
                    where,
                    "it maps " + patterns.size() + " paths " + patterns + ", and a page has one URL; keep one in the"
                            + " mapping and redirect the others to it");
        }
        String template = template(patterns.get(0), where);
        PathTemplate parsed;
        try {
            parsed = PathTemplate.parse(template);
        } catch (IllegalArgumentException e) {
            throw refused(where, e.getMessage());
        }
        String problem = EntryRules.sectionProblem(entry.section());
        if (problem == null) {
            problem = EntryRules.changefreqCountProblem(entry.changefreq().length);
        }
        if (problem == null) {
            problem = EntryRules.priorityProblem(entry.priority());
        }
        Class<? extends PathParamsProvider> params = entry.params();
        if (problem == null && params == PathParamsProvider.class && parsed.hasVariables()) {
            problem = EntryRules.missingParamsProblem(parsed);
        }
        if (problem != null) {
            throw refused(where, problem);
        }
        IndexedEntry indexed = IndexedEntry.builder()
                .className(type.getName())
                .method(IndexedEntry.descriptor(method))
                .template(template)
                .section(entry.section())
                .changefreq(EntryRules.changefreq(entry.changefreq()))
                .priority(entry.priority())
                .params(params == PathParamsProvider.class ? "" : params.getName())
                .build();
        return new ResolvedEntry(indexed, app, type, params == PathParamsProvider.class ? null : params);
    }

    /**
     * A Spring path pattern as a template: literal segments, {@code {name}} and
     * {@code {name:regex}}. Wildcards ({@code *}, {@code **}, {@code ?}, {@code {*rest}}) match
     * many paths and name none, so there is no URL to list.
     */
    static String template(String pattern, String where) {
        String p = pattern.startsWith("/") ? pattern : "/" + pattern;
        int depth = 0;
        for (int i = 0; i < p.length(); i++) {
            char c = p.charAt(i);
            if (c == '{') {
                if (depth == 0 && i + 1 < p.length() && p.charAt(i + 1) == '*') {
                    throw refused(
                            where,
                            "its path " + pattern + " captures the rest of the path ({*...}), which names no one URL");
                }
                depth++;
            } else if (c == '}') {
                depth--;
            } else if (depth == 0 && (c == '*' || c == '?')) {
                throw refused(where, "its path " + pattern + " has a wildcard (" + c + "), which names no one URL");
            }
        }
        return p;
    }

    private static SitemapKitStartupException refused(String where, String why) {
        return new SitemapKitStartupException(
                "@SitemapEntry on " + where + " cannot be listed: " + why + ".",
                "Change the mapping or the annotation of " + where + " (a GET mapping with one path; a"
                        + " PathParamsProvider named in params for each {variable}), or remove @SitemapEntry.");
    }
}
