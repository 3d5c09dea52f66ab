package org.sitemapkit.jaxrs.internal;

import jakarta.servlet.ServletContext;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.sitemapkit.SitemapKit;

/**
 * The JAX-RS entries of one web application, by application, kept as a context attribute. Each
 * section is registered with core once; a JAX-RS application that starts again (a Jersey reload)
 * replaces its own entries and invalidates the sections they touch.
 */
final class Registry {
    static final String ATTRIBUTE = Registry.class.getName();

    private final SitemapKit kit;
    private final ProviderFactory providers;
    private final Map<String, List<ResolvedEntry>> byApp = new TreeMap<>();
    private final Map<String, String> unplaced = new TreeMap<>();
    private final Set<String> registered = new HashSet<>();
    private volatile boolean scanned;

    private Registry(SitemapKit kit, ProviderFactory providers) {
        this.kit = kit;
        this.providers = providers;
    }

    /** Guards the one registry per context: not the context's own monitor, which is the container's. */
    private static final Object LOCK = new Object();

    private final Object lock = new Object();

    static Registry of(ServletContext context) {
        synchronized (LOCK) {
            Object existing = context.getAttribute(ATTRIBUTE);
            if (existing instanceof Registry) {
                return (Registry) existing;
            }
            Registry r = new Registry(SitemapKit.of(context), new ProviderFactory(context));
            context.setAttribute(ATTRIBUTE, r);
            return r;
        }
    }

    /** How this web application's providers are made. */
    ProviderFactory providers() {
        return providers;
    }

    /**
     * Whether the container's scan at deployment placed the entries; a JAX-RS runtime that starts
     * later then only lends its injection, and publishes nothing of its own.
     */
    boolean scanned() {
        return scanned;
    }

    void markScanned() {
        scanned = true;
    }

    /**
     * Sections whose entries exist but cannot be placed under a base path: they fail to render
     * (503) with {@code why}, instead of answering 200 without those URLs.
     */
    void unplaced(Set<String> sections, String why) {
        synchronized (lock) {
            for (String section : sections) {
                unplaced.put(section, why);
                if (registered.add(section)) {
                    kit.register(new SectionSource(section, this));
                }
            }
        }
        sections.forEach(kit::invalidate);
    }

    /** Why a section cannot be rendered, or null. */
    String unplacedReason(String section) {
        synchronized (lock) {
            return unplaced.get(section);
        }
    }

    /** Sets the entries of application {@code key}, replacing what it published before. */
    void publish(String key, List<ResolvedEntry> entries) {
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
                    kit.register(new SectionSource(section, this));
                } else {
                    changed.add(section);
                }
            }
        }
        // Only sections this web application rendered before (a JAX-RS application that started again):
        // a new section has no render of this application's to replace, and a fresh one a restart or
        // another node left in the store is served as it is.
        changed.forEach(kit::invalidate);
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
