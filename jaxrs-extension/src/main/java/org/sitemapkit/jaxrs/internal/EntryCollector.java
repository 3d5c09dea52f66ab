package org.sitemapkit.jaxrs.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.sitemapkit.internal.entry.IndexedEntry;

/**
 * The entries of one JAX-RS application: the index's entries for its resource classes, and
 * reflection over those of its classes that no index lists (compiled without the processor).
 * When the runtime does not say which classes the application has, every indexed entry counts.
 */
public final class EntryCollector {
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
}
