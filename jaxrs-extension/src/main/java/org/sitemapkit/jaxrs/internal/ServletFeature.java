package org.sitemapkit.jaxrs.internal;

import jakarta.enterprise.inject.Vetoed;
import jakarta.servlet.FilterRegistration;
import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletContext;
import jakarta.ws.rs.core.Application;
import jakarta.ws.rs.core.Configuration;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Feature;
import jakarta.ws.rs.core.FeatureContext;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.Set;
import org.sitemapkit.internal.entry.ResolvedEntry;
import org.sitemapkit.internal.servlet.ServletSettings;
import org.sitemapkit.internal.servlet.ServletStatus;
import org.sitemapkit.internal.servlet.SitemapInitializer;
import org.sitemapkit.internal.servlet.StaticRobots;

/**
 * The servlet half of {@code SitemapEntryFeature}, kept apart so the public feature loads even
 * where there is no Servlet API: it is injected with the web application, collects this JAX-RS
 * application's entries, resolves its base path and publishes them to core.
 */
// @Vetoed: never a CDI bean. Quarkus makes JAX-RS providers it finds into beans and turns their
// @Context fields into injection points, which servlet types cannot satisfy there.
@Vetoed
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
            return RestServing.configure(
                    context, application, "no servlet container runs this JAX-RS application", null, null, null);
        }
        String noFilter = noServletFilter(servletContext);
        if (noFilter != null) {
            String basePath = BasePath.resolve(
                    context.getConfiguration(),
                    servletContext,
                    servletConfig,
                    application,
                    ServletFeature::warn,
                    m -> LOG.log(Level.DEBUG, "sitemapkit: " + m));
            ServletContext web = servletContext;
            return RestServing.configure(
                    context,
                    application,
                    noFilter,
                    web.getContextPath() + (basePath == null ? "" : basePath),
                    () -> StaticRobots.of(web),
                    ServletArrival::new);
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
                                ? "the JAX-RS application"
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
        Set<Class<?>> resources = EntryCollector.resourceClasses(config, application);
        EntryCollector.Result found =
                EntryCollector.collect(IndexReader.read(loader, ServletFeature::warn), resources, ServletFeature::warn);
        found.logReflected(LOG, Level.WARNING);
        ResolvedEntry.App app =
                new ResolvedEntry.App(key, basePath, registry.providers(), servletContext::getAttribute);
        List<ResolvedEntry> entries = EntryCollector.resolve(found.entries, app, loader, ServletFeature::warn);
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

    /**
     * Why no servlet filter will serve this web application, or null when one does: SitemapKit's
     * initializer or {@code web.xml} registered it, or the Spring Boot starter registers it. A
     * container that runs no {@code ServletContainerInitializer} of a library leaves it to the
     * JAX-RS filter, unless {@code auto-register=false} says the application maps it itself.
     */
    static String noServletFilter(ServletContext context) {
        if (ServletStatus.of(context) != null || SitemapInitializer.springBootStarter(context.getClassLoader())) {
            return null;
        }
        try {
            for (FilterRegistration r : context.getFilterRegistrations().values()) {
                String name = r.getClassName();
                if (name != null && name.startsWith("org.sitemapkit.")) {
                    return null;
                }
            }
        } catch (RuntimeException e) {
            // The container will not say: take the usual case, the filter SitemapKit's initializer registered.
            return null;
        }
        if (!ServletSettings.reader(context, null).autoRegister()) {
            return null;
        }
        return "the servlet container registered no SitemapKit filter for " + context.getContextPath() + "/";
    }

    static void warn(String message) {
        LOG.log(Level.WARNING, "sitemapkit: " + message);
    }
}
