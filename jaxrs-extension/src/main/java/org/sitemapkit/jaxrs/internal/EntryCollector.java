package org.sitemapkit.jaxrs.internal;

import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Application;
import jakarta.ws.rs.core.Configuration;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.sitemapkit.internal.entry.IndexedEntry;
import org.sitemapkit.internal.entry.ResolvedEntry;
import org.sitemapkit.source.PathParamsProvider;

/**
 * The entries of one JAX-RS application: the index's entries for its resource classes, and
 * reflection over those of its classes that no index lists (compiled without the processor).
 * When the runtime does not say which classes the application has, every indexed entry counts.
 */
public final class EntryCollector {
    private static final System.Logger LOG = System.getLogger("org.sitemapkit.jaxrs");

    private EntryCollector() {}

    /** The entries and the classes that had to be scanned, for the one log line about it. */
    public static final class Result {
        public final List<IndexedEntry> entries;
        public final Set<String> reflected;

        Result(List<IndexedEntry> entries, Set<String> reflected) {
            this.entries = entries;
            this.reflected = reflected;
        }

        /** Logs, once, which classes were found by reflection and how to have javac check them. */
        public void logReflected(System.Logger log, System.Logger.Level level) {
            if (!reflected.isEmpty()) {
                log.log(
                        level,
                        "sitemapkit: no @SitemapEntry index lists {0}; found their entries by reflection."
                                + " Compile with the sitemapkit-jaxrs-processor annotation processor (list it in annotationProcessorPaths)"
                                + " to have mistakes caught by javac",
                        reflected);
            }
        }
    }

    public static Result collect(
            List<IndexedEntry> index, Collection<Class<?>> resourceClasses, Consumer<String> warn) {
        return collect(index, resourceClasses, warn, true);
    }

    /** As above; {@code constructors} as {@link ReflectionScanner#scan(Class, Consumer, boolean)} takes it. */
    public static Result collect(
            List<IndexedEntry> index,
            Collection<Class<?>> resourceClasses,
            Consumer<String> warn,
            boolean constructors) {
        Set<String> indexed = new TreeSet<>();
        index.forEach(e -> indexed.add(e.className()));
        if (resourceClasses.isEmpty()) {
            return new Result(new ArrayList<>(new TreeSet<>(index)), Set.of());
        }
        Set<String> names = new TreeSet<>();
        resourceClasses.forEach(c -> names.add(c.getName()));
        TreeSet<IndexedEntry> entries = new TreeSet<>();
        for (IndexedEntry e : index) {
            if (names.contains(e.className())) {
                entries.add(e);
            }
        }
        Set<String> reflected = new TreeSet<>();
        for (Class<?> c : resourceClasses) {
            if (!indexed.contains(c.getName())) {
                List<IndexedEntry> found = ReflectionScanner.scan(c, warn, constructors);
                if (!found.isEmpty()) {
                    reflected.add(c.getName());
                    entries.addAll(found);
                }
            }
        }
        return new Result(new ArrayList<>(entries), reflected);
    }

    /** The root resource classes the runtime reports; empty when it reports none. */
    @SuppressWarnings("deprecation") // getSingletons() is deprecated, yet applications still use it
    public static Set<Class<?>> resourceClasses(Configuration config, Application application) {
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

    /** The entries as classes of {@code loader}, sorted, once per path, telling {@code warn} of every entry left out. */
    public static List<ResolvedEntry> resolve(
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
}
