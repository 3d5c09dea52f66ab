package org.sitemapkit.jaxrs.internal;

import jakarta.ws.rs.core.FeatureContext;
import org.sitemapkit.internal.status.Health;

/**
 * The entry of {@code SitemapEntryFeature} where there is no servlet container: the application is
 * served by {@link RestFilter}. Called, not registered as a Feature of its own: Quarkus REST does
 * not configure a Feature that another Feature registers.
 */
public final class RestFeature {
    /** The readiness check's name in a health document. */
    public static final String HEALTH_CHECK_NAME = MpHealthCheck.NAME;

    private RestFeature() {}

    /**
     * The readiness of the JAX-RS filter's engine that runs in {@code loader}, for a runtime's own health check
     * (the Quarkus extension's): up with {@code serving=false} when none runs there; a status that cannot be read
     * is up and says so, since the check itself must never fail readiness.
     */
    public static Health health(ClassLoader loader) {
        return MpHealthCheck.read(() -> RestServing.health(loader));
    }

    /** Serves the application the runtime is configuring; see {@link RestServing#configure}. */
    public static boolean configure(FeatureContext context) {
        return RestServing.configure(
                context, null, "no servlet container runs this JAX-RS application", null, null, null);
    }

    /**
     * Whether no servlet container runs JAX-RS here: Quarkus REST (on Vert.x, even where a
     * servlet jar is on its class path), or no Servlet API at all.
     */
    public static boolean servletless() {
        ClassLoader own = RestFeature.class.getClassLoader();
        return quarkus(own) || !present("jakarta.servlet.ServletContext", own);
    }

    /** Whether the application runs on Quarkus. */
    static boolean quarkus(ClassLoader loader) {
        return present("io.quarkus.runtime.Quarkus", loader);
    }

    private static boolean present(String type, ClassLoader loader) {
        try {
            Class.forName(type, false, loader);
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
