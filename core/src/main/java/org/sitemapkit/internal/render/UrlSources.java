package org.sitemapkit.internal.render;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.SortedMap;
import java.util.TreeMap;
import org.sitemapkit.internal.source.Routes;
import org.sitemapkit.internal.source.SectionDefaults;
import org.sitemapkit.internal.source.SourcePlan;
import org.sitemapkit.source.UrlSource;

/**
 * The sources of one application, in the order they were added, each as the plan the renderer
 * reads. Thread-safe: a render takes a
 * snapshot while the application may still register.
 */
public final class UrlSources {
    private final Object lock = new Object();

    private final List<SourcePlan> sources = new ArrayList<>();
    /** The sources made of routes, by their plan, to explain a URL no row produced; guarded by lock. */
    private final java.util.Map<SourcePlan, Routes> routed = new java.util.IdentityHashMap<>();

    private SortedMap<String, List<SourcePlan>> bySection;

    /** An empty list, filled by {@link #register}; {@link #discover} adds what ServiceLoader finds. */
    public UrlSources() {}

    /**
     * The sources {@link ServiceLoader} finds through {@code loader}, in class-path order.
     *
     * @param loader the web application's class loader
     * @return the found sources, which more may be registered beside
     */
    public static UrlSources discover(ClassLoader loader) {
        UrlSources s = new UrlSources();
        try {
            for (UrlSource source : ServiceLoader.load(UrlSource.class, loader)) {
                s.register(source);
            }
        } catch (ServiceConfigurationError e) {
            throw new IllegalStateException(
                    "cannot load a UrlSource listed in META-INF/services/" + UrlSource.class.getName() + ": "
                            + e.getMessage(),
                    e);
        }
        return s;
    }

    /**
     * Adds a source; its section name, and its defaults against the section's other sources, are
     * checked now, so a request never meets a bad one.
     *
     * @param source the source
     * @return this
     * @throws IllegalArgumentException for a bad section name, or defaults that disagree with another source's
     */
    public UrlSources register(UrlSource source) {
        return register(plan(Objects.requireNonNull(source, "source")), source);
    }

    /**
     * Adds a source's plan made from {@code source} ({@link #plan}), keeping the routes of a source
     * made of them for explaining a URL.
     *
     * @param plan the source's plan
     * @param source the source it was made from
     * @return this
     */
    public UrlSources register(SourcePlan plan, UrlSource source) {
        register(plan);
        if (source instanceof Routes r) {
            synchronized (lock) {
                routed.put(plan, r);
            }
        }
        return this;
    }

    /**
     * The routes of a section's sources made of routes ({@code @SitemapEntry} methods).
     *
     * @param section the section
     * @return the routes as their sources read them now; empty for none
     */
    public List<Routes.Route> routes(String section) {
        List<Routes> of = new ArrayList<>();
        synchronized (lock) {
            for (SourcePlan p : bySection().getOrDefault(section, List.of())) {
                Routes r = routed.get(p);
                if (r != null) {
                    of.add(r);
                }
            }
        }
        List<Routes.Route> all = new ArrayList<>();
        of.forEach(r -> all.addAll(r.routes()));
        return all;
    }

    /**
     * Adds a source's plan, checked as {@link #register(UrlSource)} checks a source.
     *
     * @param source the plan
     * @return this
     */
    public UrlSources register(SourcePlan source) {
        synchronized (lock) {
            for (SourcePlan other : sources) {
                if (other.section().equals(source.section()) && (other.stable() || source.stable())) {
                    throw new IllegalArgumentException(
                            "section " + source.section()
                                    + " has stable pages, which come from one source in one key order: it cannot have another source");
                }
            }
            defaults(source.section()).merge(source.defaults(), source.section());
            sources.add(source);
            bySection = null;
            return this;
        }
    }

    /**
     * The plan of a source: the one a factory made, or its URLs as rows.
     *
     * @param source the source
     * @return its plan
     */
    public static SourcePlan plan(UrlSource source) {
        if (source instanceof SourcePlan.Planned planned) {
            return planned.plan();
        }
        return SourcePlan.ofUrls(source.section(), source::urls, source.toString());
    }

    /**
     * The defaults of a section, combined from its sources.
     *
     * @param section the section name
     * @return the defaults; {@link SectionDefaults#NONE} for a section without any
     */
    public SectionDefaults defaults(String section) {
        synchronized (lock) {
            return SectionDefaults.of(bySection().getOrDefault(section, List.of()));
        }
    }

    /**
     * Every source, in the order they were added.
     *
     * @return a snapshot
     */
    public List<SourcePlan> all() {
        synchronized (lock) {
            return List.copyOf(sources);
        }
    }

    /**
     * The sources grouped by section, sections in name order so every node pages alike. Asked on
     * every sitemap request, so it is built once per registration, not per call.
     *
     * @return each section's sources in registration order
     */
    public SortedMap<String, List<SourcePlan>> bySection() {
        synchronized (lock) {
            if (bySection == null) {
                bySection = group();
            }
            return bySection;
        }
    }

    private SortedMap<String, List<SourcePlan>> group() {
        SortedMap<String, List<SourcePlan>> map = new TreeMap<>();
        for (SourcePlan s : sources) {
            map.computeIfAbsent(s.section(), k -> new ArrayList<>()).add(s);
        }
        map.replaceAll((k, v) -> Collections.unmodifiableList(v));
        return Collections.unmodifiableSortedMap(map);
    }
}
