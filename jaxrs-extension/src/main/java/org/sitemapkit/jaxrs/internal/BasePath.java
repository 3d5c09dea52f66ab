package org.sitemapkit.jaxrs.internal;

import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletRegistration;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import jakarta.ws.rs.core.Configuration;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import org.sitemapkit.internal.config.SettingsReader;
import org.sitemapkit.internal.entry.PathEncoding;
import org.sitemapkit.internal.entry.PathTemplate;

/**
 * Where a JAX-RS application's paths start under the web application's context root, e.g.
 * {@code /api} for a servlet mapped to {@code /api/*}. In order: the setting
 * {@value #SETTING} (a JAX-RS application property, the JAX-RS servlet's init-param or a
 * context-param); the JAX-RS
 * servlet's own mapping, which is what a servlet container routes by (and what Jersey's and
 * other runtimes' initializers derive from {@code @ApplicationPath}); Jersey's filter context
 * path when Jersey runs as a filter; the application's {@code @ApplicationPath} when nothing
 * else tells (logged, since a container routes by mappings); else the context root.
 */
public final class BasePath {
    private BasePath() {}

    static final String SETTING = SettingsReader.PREFIX + JaxrsSettings.BASE_PATH;
    /** Where Jersey deployed as a filter answers; a plain string, so no Jersey type is needed. */
    static final String JERSEY_FILTER_CONTEXT_PATH = "jersey.config.servlet.filter.contextPath";

    /** The base path ("" or {@code /a/b}, percent-encoded), or null when it cannot be known. */
    static String resolve(
            Configuration config,
            ServletContext context,
            ServletConfig servlet,
            Application application,
            Consumer<String> warn,
            Consumer<String> info) {
        Object explicit = config.getProperty(SETTING);
        if (explicit == null && servlet != null) {
            explicit = servlet.getInitParameter(SETTING);
        }
        if (explicit == null && context != null) {
            explicit = context.getInitParameter(SETTING);
        }
        if (explicit != null) {
            return normalize(explicit.toString());
        }
        if (servlet != null) {
            ServletRegistration r = context.getServletRegistration(servlet.getServletName());
            if (r != null) {
                String fromMapping = fromMappings(r.getMappings());
                if (fromMapping == null) {
                    warn.accept("the JAX-RS servlet " + servlet.getServletName() + " has no path mapping such as /api/*"
                            + " (it has " + r.getMappings() + "), so its URLs cannot be known: set " + SETTING);
                }
                return fromMapping;
            }
        }
        Object jerseyFilter = config.getProperty(JERSEY_FILTER_CONTEXT_PATH);
        if (jerseyFilter != null) {
            return normalize(jerseyFilter.toString());
        }
        Application app = unwrap(application);
        ApplicationPath path = app == null ? null : app.getClass().getAnnotation(ApplicationPath.class);
        if (path != null) {
            info.accept("the JAX-RS servlet is unknown, so the base path is " + normalize(path.value())
                    + " from @ApplicationPath; set " + SETTING + " if that is not where the application answers");
            return normalize(path.value());
        }
        return "";
    }

    /** {@code /api/*} gives {@code /api}; {@code /*} and {@code /} give "". */
    static String fromMappings(Collection<String> mappings) {
        List<String> prefixes = new ArrayList<>();
        for (String m : mappings) {
            if (m.equals("/") || m.equals("/*")) {
                prefixes.add("");
            } else if (m.startsWith("/") && m.endsWith("/*")) {
                prefixes.add(m.substring(0, m.length() - 2));
            }
        }
        // Any prefix serves the whole application; pick one the same way on every node.
        return prefixes.stream()
                .min(Comparator.comparingInt(String::length).thenComparing(s -> s))
                .map(BasePath::normalize)
                .orElse(null);
    }

    /**
     * A mapping as a base path: {@code api}, {@code /api/}, {@code /api/*} all as {@code /api},
     * percent-encoded as entry paths are; the root as {@code ""}.
     */
    public static String normalize(String path) {
        String p = path.trim();
        if (p.endsWith("/*")) {
            p = p.substring(0, p.length() - 2);
        }
        String joined = PathTemplate.join(p, null);
        return joined.equals("/") ? "" : PathEncoding.literal(joined);
    }

    /**
     * The application a runtime wraps: Jersey injects its {@code ResourceConfig}, whose
     * {@code getApplication()} is the user's class. Reached by reflection, so no Jersey type.
     */
    static Application unwrap(Application application) {
        Application app = application;
        for (int depth = 0; app != null && depth < 4; depth++) {
            if (app.getClass().isAnnotationPresent(ApplicationPath.class)) {
                return app;
            }
            Object inner;
            try {
                Method m = app.getClass().getMethod("getApplication");
                inner = Application.class.isAssignableFrom(m.getReturnType()) ? m.invoke(app) : null;
            } catch (ReflectiveOperationException | RuntimeException e) {
                inner = null;
            }
            if (inner == null || inner == app) {
                return app;
            }
            app = (Application) inner;
        }
        return app;
    }
}
