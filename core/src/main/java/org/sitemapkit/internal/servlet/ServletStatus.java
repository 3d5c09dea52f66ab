package org.sitemapkit.internal.servlet;

import jakarta.servlet.ServletContext;
import org.sitemapkit.internal.status.StatusSource;

/**
 * The running filter's status, kept as a context attribute while the filter runs, so that an
 * adapter's views (the Spring Boot Actuator endpoint, health and meters) read the engine that
 * serves this web application.
 */
public final class ServletStatus {
    static final String ATTRIBUTE = ServletStatus.class.getName();

    private ServletStatus() {}

    /** The filter started: its engine's status. */
    public static void started(ServletContext context, StatusSource status) {
        context.setAttribute(ATTRIBUTE, status);
    }

    /** The filter stopped: its status goes, unless another filter's took its place. */
    public static void stopped(ServletContext context, StatusSource status) {
        if (context.getAttribute(ATTRIBUTE) == status) {
            context.removeAttribute(ATTRIBUTE);
        }
    }

    /** The running filter's status, or null when none runs. */
    public static StatusSource of(ServletContext context) {
        return context.getAttribute(ATTRIBUTE) instanceof StatusSource s ? s : null;
    }
}
