package org.sitemapkit.internal.entry;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.sitemapkit.source.UrlSource;

/**
 * The {@code @SitemapEntry} entries of one web application, by application (each JAX-RS
 * application, or Spring MVC). Each section is registered with core once; an application that
 * starts again (a Jersey reload) replaces its own entries and invalidates the sections they touch.
 */
public final class EntryRegistry {
    private final Consumer<UrlSource> register;
    private final Consumer<String> invalidate;
    private final Map<String, List<ResolvedEntry>> byApp = new TreeMap<>();
    private final Map<String, String> unplaced = new TreeMap<>();
    private final Set<String> registered = new HashSet<>();
    private final Object lock = new Object();

    /**
     * A registry whose sections join SitemapKit through {@code register}, and whose changed
     * sections render again through {@code invalidate}: the web application's handle's methods,
     * passed as functions so that the engine does not depend on the API's entry package.
     *
     * @param register {@code SitemapKit::register}
     * @param invalidate {@code SitemapKit::invalidate}
     */
    public EntryRegistry(Consumer<UrlSource> register, Consumer<String> invalidate) {
        this.register = register;
        this.invalidate = invalidate;
    }

    /**
     * Sections whose entries exist but cannot be placed under a base path: they fail to render
     * (503) with {@code why}, instead of answering 200 without those URLs.
     */
    public void unplaced(Set<String> sections, String why) {
        synchronized (lock) {
            for (String section : sections) {
                unplaced.put(section, why);
                if (registered.add(section)) {
                    register.accept(new SectionSource(section, this));
                }
            }
        }
        sections.forEach(invalidate);
    }

    /** Why a section cannot be rendered, or null. */
    String unplacedReason(String section) {
        synchronized (lock) {
            return unplaced.get(section);
        }
    }

    /** Sets the entries of application {@code key}, replacing what it published before. */
    public void publish(String key, List<ResolvedEntry> entries) {
        Set<String> touched = new TreeSet<>();
        Set<String> changed = new TreeSet<>();
        synchronized (lock) {
            List<ResolvedEntry> old = byApp.put(key, List.copyOf(entries));
            if (old != null) {
                old.forEach(e -> touched.add(e.entry.section()));
            }
            entries.forEach(e -> touched.add(e.entry.section()));
            for (String section : touched) {
                if (registered.add(section)) {
                    register.accept(new SectionSource(section, this));
                } else {
                    changed.add(section);
                }
            }
        }
        // Only sections this web application rendered before (a JAX-RS application that started again):
        // a new section has no render of this application's to replace, and a fresh one a restart or
        // another node left in the store is served as it is. A section new here that this node already
        // served (another source's, before this runtime started) is re-rendered by register() itself.
        changed.forEach(invalidate);
    }

    /** The entries of a section: applications in key order, each in its own order. */
    List<ResolvedEntry> entries(String section) {
        synchronized (lock) {
            List<ResolvedEntry> list = new ArrayList<>();
            for (List<ResolvedEntry> entries : byApp.values()) {
                for (ResolvedEntry e : entries) {
                    if (e.entry.section().equals(section)) {
                        list.add(e);
                    }
                }
            }
            return Collections.unmodifiableList(list);
        }
    }
}
