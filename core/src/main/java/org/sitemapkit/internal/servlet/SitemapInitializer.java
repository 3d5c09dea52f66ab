package org.sitemapkit.internal.servlet;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterRegistration;
import jakarta.servlet.ServletContainerInitializer;
import jakarta.servlet.ServletContext;
import jakarta.servlet.annotation.HandlesTypes;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.sitemapkit.internal.feed.ChangeFeeds;
import org.sitemapkit.source.SitemapSection;

/**
 * Makes the jar a drop-in: the container finds this through
 * {@code META-INF/services/jakarta.servlet.ServletContainerInitializer} in {@code WEB-INF/lib}
 * and it maps {@code org.sitemapkit.SitemapFilter} to {@code /*}, ahead of the application's own filters. It
 * does nothing when {@code sitemapkit.auto-register=false} (context-param, system property or
 * {@code sitemapkit.properties}) or when {@code web.xml} already maps the filter, so that
 * registering twice is impossible. Public only for the container; not in an exported package.
 */
@HandlesTypes(SitemapSection.class)
public final class SitemapInitializer implements ServletContainerInitializer {
    private static final System.Logger LOG = System.getLogger(SitemapInitializer.class.getName());
    private static final String FILTER_NAME = "SitemapKit";
    /**
     * The filter it maps, named rather than imported: the API's filter is a shell over this package,
     * which never depends on the API package back.
     */
    static final String FILTER_CLASS = "org.sitemapkit.SitemapFilter";

    /** For the container, which finds the initializer through {@code META-INF/services}. */
    public SitemapInitializer() {}

    /** The Spring Boot starter's auto-configuration, looked up as a class file, never loaded. */
    private static final String SPRING_STARTER = "org/sitemapkit/spring/SitemapKitAutoConfiguration.class";

    /**
     * Whether the Spring Boot starter is in the application: a Boot WAR in an outside container runs
     * this initializer too, and the starter registers and configures the filter itself once the
     * application's beans exist, so a second registration here would start it without them.
     *
     * @param loader the web application's class loader
     * @return true when the starter is there
     */
    public static boolean springBootStarter(ClassLoader loader) {
        return loader != null && loader.getResource(SPRING_STARTER) != null;
    }

    /**
     * Maps the filter, and hands the change feed the application's {@code @SitemapSection} entities
     * (which the container found for {@code @HandlesTypes}), so that one no ORM hears is said at start.
     */
    @Override
    public void onStartup(Set<Class<?>> classes, ServletContext context) {
        if (classes != null) {
            List<Class<?>> entities = new ArrayList<>();
            for (Class<?> c : classes) {
                if (c.isAnnotationPresent(SitemapSection.class)) {
                    entities.add(c);
                }
            }
            ChangeFeeds.annotated(context.getClassLoader(), entities);
        }
        if (springBootStarter(context.getClassLoader())) {
            LOG.log(
                    Level.INFO,
                    "sitemapkit: the Spring Boot starter registers the filter when the application starts;"
                            + " not registering it here");
            return;
        }
        if (!ServletSettings.reader(context, null).autoRegister()) {
            LOG.log(Level.INFO, "sitemapkit: auto-register=false, map org.sitemapkit.SitemapFilter in web.xml");
            return;
        }
        for (FilterRegistration r : context.getFilterRegistrations().values()) {
            if (FILTER_CLASS.equals(r.getClassName())) {
                LOG.log(
                        Level.DEBUG,
                        "sitemapkit: web.xml maps the filter as {0}; not registering it again",
                        r.getName());
                return;
            }
        }
        FilterRegistration.Dynamic filter = context.addFilter(FILTER_NAME, filterClass());
        if (filter == null) {
            return; // a filter of that name exists already
        }
        filter.setAsyncSupported(true);
        filter.addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), false, "/*");
    }

    /** The filter class from this jar's own loader, uninitialized: the class a literal would give. */
    static Class<? extends Filter> filterClass() {
        try {
            return Class.forName(FILTER_CLASS, false, SitemapInitializer.class.getClassLoader())
                    .asSubclass(Filter.class);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("sitemapkit: " + FILTER_CLASS + " is not beside its initializer", e);
        }
    }
}
