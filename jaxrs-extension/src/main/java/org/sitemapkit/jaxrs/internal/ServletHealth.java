package org.sitemapkit.jaxrs.internal;

import jakarta.servlet.ServletContext;
import org.sitemapkit.internal.servlet.ServletStatus;
import org.sitemapkit.internal.status.Health;

/**
 * The health check where the servlet filter serves: kept apart from {@link HealthExtension} so that a CDI
 * container without the servlet API (Helidon MP) never resolves a servlet type through it.
 */
final class ServletHealth {
    private ServletHealth() {}

    /** Whether {@code payload} is a servlet context; false, not an error, where the servlet API is absent. */
    static boolean isServletContext(Object payload) {
        try {
            return payload instanceof ServletContext;
        } catch (LinkageError e) {
            return false;
        }
    }

    /** The check of the web application whose context this is, from what its servlet filter published. */
    static Health of(Object context) {
        return ServletStatus.health((ServletContext) context);
    }
}
