package org.sitemapkit.spring;

import jakarta.servlet.ServletContext;
import jakarta.ws.rs.ApplicationPath;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import org.glassfish.jersey.server.ResourceConfig;
import org.sitemapkit.internal.entry.ResolvedEntry;
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
    private JerseyEntries() {}

    /** Places the entries of every {@code ResourceConfig} bean; returns how many. */
    static int place(
            ListableBeanFactory beans,
            Environment environment,
            ServletContext context,
            ResolvedEntry.Providers providers) {
        int placed = 0;
        for (Map.Entry<String, ResourceConfig> bean :
                beans.getBeansOfType(ResourceConfig.class).entrySet()) {
            ResourceConfig config = bean.getValue();
            Set<Class<?>> classes = new LinkedHashSet<>(config.getClasses());
            config.getInstances().forEach(o -> classes.add(ClassUtils.getUserClass(o)));
            placed += EarlyPlacement.place(
                    context, "jersey:" + bean.getKey(), basePath(environment, config), classes, providers);
        }
        return placed;
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
        return normalize(path);
    }

    /** {@code api}, {@code /api/}, {@code /api/*} all as {@code /api}; the root as {@code ""}. */
    static String normalize(String path) {
        String p = path.trim();
        if (p.endsWith("/*")) {
            p = p.substring(0, p.length() - 2);
        }
        while (p.endsWith("/")) {
            p = p.substring(0, p.length() - 1);
        }
        if (!p.isEmpty() && !p.startsWith("/")) {
            p = "/" + p;
        }
        return p;
    }
}
