package org.sitemapkit.jaxrs.internal;

import jakarta.servlet.FilterRegistration;
import jakarta.servlet.Registration;
import jakarta.servlet.ServletContainerInitializer;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletRegistration;
import jakarta.servlet.annotation.HandlesTypes;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Application;
import java.lang.System.Logger.Level;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Predicate;
import org.sitemapkit.internal.entry.IndexedEntry;
import org.sitemapkit.internal.entry.ResolvedEntry;
import org.sitemapkit.internal.servlet.ServletSettings;
import org.sitemapkit.internal.servlet.SitemapInitializer;

/**
 * Finds the {@code @SitemapEntry} methods when the web application deploys, through the
 * container's own scan of {@code @Path} classes, so that neither the processor's index nor the
 * JAX-RS runtime's cooperation is needed: a runtime that reports no classes (RESTEasy), or a
 * JAX-RS servlet that loads at its first request, changes nothing. The base path comes from the
 * servlet and filter registrations, else from {@code @ApplicationPath}; entries that cannot be
 * placed make their sections answer 503.
 */
@HandlesTypes({Path.class, Application.class})
public final class SitemapEntryInitializer implements ServletContainerInitializer {
    private static final System.Logger LOG = System.getLogger("org.sitemapkit.jaxrs");
    static final String APPLICATION_PARAM = "jakarta.ws.rs.Application";
    static final String DEFAULT_APPLICATION = "jakarta.ws.rs.core.Application";
    /** Servlets and filters that are a JAX-RS runtime when no Application subclass names them. */
    static final Set<String> RUNTIME_CLASSES = Set.of(
            "org.glassfish.jersey.servlet.ServletContainer",
            "org.jboss.resteasy.plugins.server.servlet.HttpServlet30Dispatcher",
            "org.jboss.resteasy.plugins.server.servlet.HttpServletDispatcher",
            "org.jboss.resteasy.plugins.server.servlet.FilterDispatcher",
            "org.apache.cxf.jaxrs.servlet.CXFNonSpringJaxrsServlet");

    /** For the container, which finds it in {@code META-INF/services}. */
    public SitemapEntryInitializer() {}

    @Override
    public void onStartup(Set<Class<?>> classes, ServletContext context) {
        if (context.getClassLoader() != null) {
            ServletContexts.started(context.getClassLoader(), context); // for the MicroProfile Health check
        }
        if (SitemapInitializer.springBootStarter(context.getClassLoader())) {
            return; // a Boot WAR: the starter places the Jersey entries from the ResourceConfig bean
        }
        List<Class<?>> found = new ArrayList<>(classes == null ? Set.of() : classes);
        found.sort(Comparator.comparing(Class::getName));
        // Servlets in web.xml are registered by now. One that another initializer adds for an
        // Application subclass (Jersey's, RESTEasy's) is mapped from its @ApplicationPath, which is
        // what this falls back to; a listener added here may not list registrations at all.
        try {
            place(context, found);
        } catch (RuntimeException | LinkageError e) {
            LOG.log(Level.ERROR, "sitemapkit: cannot place the @SitemapEntry methods of this application", e);
        }
    }

    static void place(ServletContext context, List<Class<?>> found) {
        ClassLoader loader = context.getClassLoader() != null
                ? context.getClassLoader()
                : SitemapEntryInitializer.class.getClassLoader();
        List<Class<?>> resources = new ArrayList<>();
        List<Class<?>> applications = new ArrayList<>();
        for (Class<?> c : found) {
            if (c.isInterface() || Modifier.isAbstract(c.getModifiers())) {
                continue;
            }
            if (c.isAnnotationPresent(Path.class)) {
                resources.add(c);
            } else if (Application.class.isAssignableFrom(c)) {
                applications.add(c);
            }
        }
        List<IndexedEntry> entries = entries(IndexReader.read(loader, ServletFeature::warn), resources);
        if (entries.isEmpty()) {
            return;
        }
        Registry registry = Registry.of(context);
        List<Place> places = places(context, applications);
        registry.markScanned();
        if (places.isEmpty()) {
            Set<String> sections = new TreeSet<>();
            entries.forEach(e -> sections.add(e.section()));
            String why = "sitemapkit: " + entries.size() + " @SitemapEntry method(s) of section(s) " + sections
                    + " cannot be placed: no Application subclass with @ApplicationPath, no JAX-RS servlet mapping and no "
                    + BasePath.SETTING
                    + " says where the JAX-RS application answers; these sections answer 503 until one does";
            LOG.log(Level.WARNING, why);
            registry.unplaced(sections, why);
            return;
        }
        ProviderFactory providers = registry.providers();
        for (Place place : places) {
            List<IndexedEntry> mine = new ArrayList<>();
            for (IndexedEntry e : entries) {
                if (places.size() == 1 || place.classes.isEmpty() || place.classes.contains(e.className())) {
                    mine.add(e);
                }
            }
            ResolvedEntry.App app = new ResolvedEntry.App(place.key, place.basePath, providers, context::getAttribute);
            List<ResolvedEntry> resolved = EntryCollector.resolve(mine, app, loader, ServletFeature::warn);
            registry.publish(place.key, resolved);
            LOG.log(
                    Level.INFO,
                    "sitemapkit: {0} @SitemapEntry method(s) of {1} under {2}/ ({3})",
                    resolved.size(),
                    place.key,
                    place.basePath.isEmpty() ? "the context root" : place.basePath,
                    place.from);
        }
    }

    /**
     * The index's entries for the scanned classes, and the reflected entries of those no index
     * lists; every indexed entry when the container passed no class at all.
     */
    static List<IndexedEntry> entries(List<IndexedEntry> index, Collection<Class<?>> resources) {
        EntryCollector.Result found = EntryCollector.collect(index, resources, ServletFeature::warn);
        found.logReflected(LOG, Level.INFO);
        return found.entries;
    }

    /** Where one JAX-RS application answers, and which resource classes it has (empty: all). */
    static final class Place {
        final String key;
        final String basePath;
        final String from;
        final Set<String> classes;

        Place(String key, String basePath, String from, Set<String> classes) {
            this.key = key;
            this.basePath = basePath;
            this.from = from;
            this.classes = classes;
        }
    }

    static List<Place> places(ServletContext context, List<Class<?>> applications) {
        List<Place> places = new ArrayList<>();
        String setting = setting(context);
        if (setting != null) {
            places.add(new Place("configured", BasePath.normalize(setting), BasePath.SETTING, Set.of()));
            return places;
        }
        for (Class<?> app : applications) {
            String name = app.getName();
            String base = fromServlets(
                    context, r -> r.getName().equals(name) || name.equals(r.getInitParameter(APPLICATION_PARAM)));
            String from = "the servlet mapping";
            if (base == null) {
                base = fromFilters(context, r -> name.equals(r.getInitParameter(APPLICATION_PARAM)));
                from = "the filter mapping";
            }
            ApplicationPath path = app.getAnnotation(ApplicationPath.class);
            if (base == null && path != null) {
                base = BasePath.normalize(path.value());
                from = "@ApplicationPath";
            }
            if (base != null) {
                places.add(new Place(
                        "application:" + name, base, from, applications.size() > 1 ? classesOf(app) : Set.of()));
            }
        }
        if (places.isEmpty()) {
            String base = fromServlets(
                    context,
                    r -> r.getName().equals(DEFAULT_APPLICATION) || RUNTIME_CLASSES.contains(r.getClassName()));
            String from = "the JAX-RS servlet mapping";
            if (base == null) {
                base = fromFilters(context, r -> RUNTIME_CLASSES.contains(r.getClassName()));
                from = "the JAX-RS filter mapping";
            }
            if (base != null) {
                places.add(new Place("servlet", base, from, Set.of()));
            }
        }
        return places;
    }

    private static String setting(ServletContext context) {
        return ServletSettings.reader(context, null).value(JaxrsSettings.BASE_PATH);
    }

    private static String fromServlets(ServletContext context, Predicate<ServletRegistration> which) {
        return firstBase(
                context.getServletRegistrations().values(), which, r -> BasePath.fromMappings(r.getMappings()));
    }

    private static String fromFilters(ServletContext context, Predicate<FilterRegistration> which) {
        return firstBase(context.getFilterRegistrations().values(), which, r -> {
            String explicit = r.getInitParameter(BasePath.JERSEY_FILTER_CONTEXT_PATH);
            return explicit != null ? BasePath.normalize(explicit) : BasePath.fromMappings(r.getUrlPatternMappings());
        });
    }

    /** The base path of the first matching registration, by name, that has one: the same on every node. */
    private static <R extends Registration> String firstBase(
            Collection<? extends R> registrations, Predicate<R> which, Function<R, String> base) {
        List<R> matching = new ArrayList<>();
        for (R r : registrations) {
            if (which.test(r)) {
                matching.add(r);
            }
        }
        matching.sort(Comparator.comparing(Registration::getName));
        for (R r : matching) {
            String b = base.apply(r);
            if (b != null) {
                return b;
            }
        }
        return null;
    }

    /** The classes an application lists; empty when it lists none, which in JAX-RS means all. */
    @SuppressWarnings("deprecation") // getSingletons() is deprecated, yet applications still use it
    private static Set<String> classesOf(Class<?> app) {
        Set<String> names = new TreeSet<>();
        try {
            Application a = (Application) app.getConstructor().newInstance();
            a.getClasses().forEach(c -> names.add(c.getName()));
            a.getSingletons().forEach(o -> names.add(o.getClass().getName()));
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            ServletFeature.warn("cannot ask " + app.getName() + " for its classes (" + e + "); counting every"
                    + " @Path class as one of its resources");
        }
        return names;
    }
}
