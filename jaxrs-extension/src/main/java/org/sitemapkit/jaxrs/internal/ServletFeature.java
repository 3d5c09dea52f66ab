package org.sitemapkit.jaxrs.internal;

import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletContext;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Application;
import jakarta.ws.rs.core.Configuration;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Feature;
import jakarta.ws.rs.core.FeatureContext;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.sitemapkit.internal.entry.IndexedEntry;
import org.sitemapkit.internal.entry.ResolvedEntry;
import org.sitemapkit.source.PathParamsProvider;

/**
 * The servlet half of {@code SitemapEntryFeature}, kept apart so the public feature loads even
 * where there is no Servlet API: it is injected with the web application, collects this JAX-RS
 * application's entries, resolves its base path and publishes them to core.
 */
public final class ServletFeature implements Feature {
    private static final System.Logger LOG = System.getLogger("org.sitemapkit.jaxrs");

    @Context
    private ServletContext servletContext;

    @Context
    private ServletConfig servletConfig;

    @Context
    private Application application;

    /** Made by the JAX-RS runtime, which injects the fields. */
    public ServletFeature() {}

    @Override
    public boolean configure(FeatureContext context) {
        if (servletContext == null) {
            LOG.log(
                    Level.WARNING,
                    "sitemapkit: this JAX-RS application runs outside a servlet container (no"
                            + " ServletContext), so its @SitemapEntry methods are not served");
            return false;
        }
        Registry registry = Registry.of(servletContext);
        registry.providers().runtimeStarted(context);
        if (registry.scanned()) {
            LOG.log(
                    Level.DEBUG,
                    "sitemapkit: @SitemapEntry methods were placed when the application deployed;"
                            + " this JAX-RS runtime lends its injection to params providers");
            return true;
        }
        Configuration config = context.getConfiguration();
        String key = servletConfig != null
                ? "servlet:" + servletConfig.getServletName()
                : "application:"
                        + (application == null
                                ? "?"
                                : BasePath.unwrap(application).getClass().getName());
        String basePath = BasePath.resolve(
                config,
                servletContext,
                servletConfig,
                application,
                ServletFeature::warn,
                m -> LOG.log(Level.INFO, "sitemapkit: " + m));
        if (basePath == null) {
            return false;
        }
        ClassLoader loader = loader();
        Set<Class<?>> resources = resourceClasses(config, application);
        EntryCollector.Result found =
                EntryCollector.collect(IndexReader.read(loader, ServletFeature::warn), resources, ServletFeature::warn);
        found.logReflected(LOG, Level.WARNING);
        ResolvedEntry.App app =
                new ResolvedEntry.App(key, basePath, registry.providers(), servletContext::getAttribute);
        List<ResolvedEntry> entries = resolve(found.entries, app, loader);
        registry.publish(key, entries);
        LOG.log(
                Level.INFO,
                "sitemapkit: {0} @SitemapEntry method(s) of {1} under {2}/ ({3} resource classes known)",
                entries.size(),
                key,
                basePath.isEmpty() ? "the context root" : basePath,
                resources.size());
        return true;
    }

    private ClassLoader loader() {
        ClassLoader l = servletContext.getClassLoader();
        if (l == null) {
            l = Thread.currentThread().getContextClassLoader();
        }
        return l != null ? l : ServletFeature.class.getClassLoader();
    }

    /** The root resource classes the runtime reports; empty when it reports none. */
    @SuppressWarnings("deprecation") // getSingletons() is deprecated, yet applications still use it
    static Set<Class<?>> resourceClasses(Configuration config, Application application) {
        Set<Class<?>> all = new LinkedHashSet<>(config.getClasses());
        config.getInstances().forEach(o -> all.add(o.getClass()));
        if (application != null) {
            try {
                all.addAll(application.getClasses());
                application.getSingletons().forEach(o -> all.add(o.getClass()));
            } catch (RuntimeException e) {
                LOG.log(Level.DEBUG, "sitemapkit: cannot list the application''s classes", e);
            }
        }
        Set<Class<?>> roots = new LinkedHashSet<>();
        for (Class<?> c : all) {
            if (c.isAnnotationPresent(Path.class)) {
                roots.add(c);
            }
        }
        return roots;
    }

    static List<ResolvedEntry> resolve(List<IndexedEntry> entries, ResolvedEntry.App app, ClassLoader loader) {
        return resolve(entries, app, loader, ServletFeature::warn);
    }

    /** As above, telling {@code warn} of every entry left out. */
    static List<ResolvedEntry> resolve(
            List<IndexedEntry> entries, ResolvedEntry.App app, ClassLoader loader, Consumer<String> warn) {
        List<ResolvedEntry> resolved = new ArrayList<>();
        for (IndexedEntry e : entries) {
            try {
                Class<?> type = Class.forName(e.className(), false, loader);
                Class<? extends PathParamsProvider> provider = e.params().isEmpty()
                        ? null
                        : Class.forName(e.params(), false, loader).asSubclass(PathParamsProvider.class);
                resolved.add(new ResolvedEntry(e, app, type, provider));
            } catch (ClassNotFoundException | LinkageError | RuntimeException ex) {
                warn.accept("skipping the indexed entry " + e + ": " + ex);
            }
        }
        resolved.sort(
                Comparator.comparing((ResolvedEntry r) -> r.entry.template()).thenComparing(r -> r.entry));
        Set<String> seen = new HashSet<>();
        resolved.removeIf(r -> {
            boolean duplicate = !seen.add(r.entry.section() + " " + r.entry.template());
            if (duplicate) {
                warn.accept(
                        "listing " + r.displayPath() + " once: " + r.entry + " maps the same path as another entry");
            }
            return duplicate;
        });
        return resolved;
    }

    static void warn(String message) {
        LOG.log(Level.WARNING, "sitemapkit: " + message);
    }
}
