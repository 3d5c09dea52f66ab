package org.sitemapkit.spring;

import jakarta.servlet.ServletContext;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Feature;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.glassfish.jersey.server.ResourceConfig;
import org.sitemapkit.internal.entry.ResolvedEntry;
import org.sitemapkit.jaxrs.internal.BasePath;
import org.sitemapkit.jaxrs.internal.EarlyPlacement;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.core.annotation.AnnotationUtils;
import org.springframework.core.env.Environment;
import org.springframework.util.ClassUtils;

/**
 * {@code @SitemapEntry} on the resources of Boot's Jersey application, placed at start-up. Boot
 * starts the Jersey servlet at its first request, so waiting for Jersey would leave the sitemap
 * without those pages until someone calls the API; the {@code ResourceConfig} bean already says
 * which classes the application has, and where it answers.
 */
final class JerseyEntries {
    private static final System.Logger LOG = System.getLogger(SitemapKitAutoConfiguration.class.getName());

    private JerseyEntries() {}

    /**
     * Places the entries of the {@code ResourceConfig} Boot serves (its one bean, or the primary);
     * every entry that cannot be placed goes to {@code problems}. Returns how many were placed.
     */
    static int place(
            ListableBeanFactory beans,
            Environment environment,
            ServletContext context,
            ResolvedEntry.Providers providers,
            Consumer<String> problems) {
        ResourceConfig config = beans.getBeanProvider(ResourceConfig.class).getIfUnique();
        if (config == null) {
            return 0;
        }
        Set<Class<?>> classes = new LinkedHashSet<>(config.getClasses());
        config.getInstances().forEach(o -> classes.add(ClassUtils.getUserClass(o)));
        List<String> features = new ArrayList<>();
        for (Class<?> c : classes) {
            if (Feature.class.isAssignableFrom(c) && !library(c.getName())) {
                features.add(c.getName());
            }
        }
        if (!features.isEmpty()) {
            LOG.log(
                    Level.WARNING,
                    "sitemapkit: the Jersey application registers the Feature(s) {0}; resources a Feature registers"
                            + " are not known before Jersey starts, so their @SitemapEntry methods are not listed:"
                            + " register those resource classes on the ResourceConfig itself",
                    features);
        }
        return EarlyPlacement.place(context, "jersey", basePath(environment, config), classes, providers, problems);
    }

    /** Packages whose features register no resource of the application's (Boot adds Jersey's JacksonFeature). */
    private static final List<String> LIBRARIES = List.of(
            "org.sitemapkit.",
            "org.glassfish.",
            "org.springframework.",
            "com.fasterxml.",
            "io.micrometer.",
            "io.opentelemetry.",
            "io.swagger.",
            "org.eclipse.");

    /** Whether a feature comes from a library, which cannot register the application's @SitemapEntry resources. */
    static boolean library(String featureClass) {
        return LIBRARIES.stream().anyMatch(featureClass::startsWith);
    }

    /**
     * Where Boot maps the Jersey application, as it decides: {@code sitemapkit.jaxrs.base-path},
     * else {@code spring.jersey.application-path}, else the {@code @ApplicationPath} of the
     * {@code ResourceConfig}, else the context root.
     */
    static String basePath(Environment environment, ResourceConfig config) {
        String path = environment.getProperty("sitemapkit.jaxrs.base-path");
        if (path == null) {
            path = environment.getProperty("spring.jersey.application-path");
        }
        if (path == null) {
            ApplicationPath annotation =
                    AnnotationUtils.findAnnotation(ClassUtils.getUserClass(config.getClass()), ApplicationPath.class);
            path = annotation == null ? "" : annotation.value();
        }
        return BasePath.normalize(path);
    }
}
