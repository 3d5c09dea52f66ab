package org.sitemapkit.jaxrs.internal;

import jakarta.servlet.ServletContext;
import jakarta.ws.rs.Path;
import java.lang.System.Logger.Level;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.sitemapkit.internal.entry.IndexedEntry;
import org.sitemapkit.internal.entry.ResolvedEntry;

/**
 * For an adapter that knows a JAX-RS application before its runtime starts (Spring Boot, whose
 * Jersey servlet starts at its first request): places the application's entries at once, so the
 * first sitemap is whole, and leaves the runtime, when it starts, only its injection to lend.
 */
public final class EarlyPlacement {
    private static final System.Logger LOG = System.getLogger("org.sitemapkit.jaxrs");

    private EarlyPlacement() {}

    /**
     * Claims the placing of this web application's JAX-RS entries before any JAX-RS runtime starts
     * (a Jersey filter is initialized before the adapter knows the beans), so that the runtime only
     * lends its injection and never publishes the same entries a second time.
     *
     * @param context the web application
     */
    public static void reserve(ServletContext context) {
        Registry.of(context).markScanned();
    }

    /**
     * Publishes the entries of one JAX-RS application.
     *
     * @param context the web application
     * @param key the application's key, unique in the web application
     * @param basePath where it answers under the context root: {@code ""} or {@code /api}
     * @param classes the application's classes (root resources among them)
     * @param providers how the application makes params providers
     * @param problems told of every entry that cannot be placed (the adapter fails its start)
     * @return the entries placed
     */
    public static int place(
            ServletContext context,
            String key,
            String basePath,
            Collection<Class<?>> classes,
            ResolvedEntry.Providers providers,
            Consumer<String> problems) {
        ClassLoader loader =
                context.getClassLoader() != null ? context.getClassLoader() : EarlyPlacement.class.getClassLoader();
        Set<Class<?>> roots = new LinkedHashSet<>();
        for (Class<?> c : classes) {
            if (c.isAnnotationPresent(Path.class)) {
                roots.add(c);
            }
        }
        Registry registry = Registry.of(context);
        registry.markScanned();
        if (roots.isEmpty()) {
            return 0;
        }
        // The adapter makes the providers (Spring: constructor injection), so their constructors are
        // its to judge, and the processor's hint does not apply: it would hold them to JAX-RS's rules.
        EntryCollector.Result found =
                EntryCollector.collect(IndexReader.read(loader, ServletFeature::warn), roots, problems, false);
        List<IndexedEntry> entries = found.entries;
        ResolvedEntry.App app = new ResolvedEntry.App(key, basePath, providers, context::getAttribute);
        List<ResolvedEntry> resolved = EntryCollector.resolve(entries, app, loader, problems);
        registry.publish(key, resolved);
        Set<String> sections = new TreeSet<>();
        for (ResolvedEntry r : resolved) {
            sections.add(r.entry.section());
            if (r.provider != null) {
                providers.get(r.provider); // made now, so that one that cannot be made fails the start
            }
        }
        LOG.log(
                Level.INFO,
                "sitemapkit: {0} @SitemapEntry method(s) of {1} at {2}, in section(s) {3}",
                resolved.size(),
                key,
                basePath.isEmpty() ? "the context root" : basePath,
                sections);
        return resolved.size();
    }
}
