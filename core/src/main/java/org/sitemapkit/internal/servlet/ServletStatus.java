package org.sitemapkit.internal.servlet;

import jakarta.servlet.ServletContext;
import org.sitemapkit.internal.status.Health;
import org.sitemapkit.internal.status.StatusSource;

/**
 * The running filter's status, kept as a context attribute while the filter runs, so that an
 * adapter's views (the Spring Boot Actuator endpoint, health and meters) read the engine that
 * serves this web application.
 */
public final class ServletStatus {
    static final String ATTRIBUTE = ServletStatus.class.getName();
    static final String HEALTH_DOWN = ATTRIBUTE + ".healthDown";

    private ServletStatus() {}

    /** The filter started: its engine's status, and when its health check goes down ({@code health-down}). */
    public static void started(ServletContext context, StatusSource status, Health.DownWhen healthDown) {
        context.setAttribute(HEALTH_DOWN, healthDown);
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

    /**
     * The {@code sitemapkit} health check of this web application, as the health views (MicroProfile Health,
     * Actuator) report it: the running filter's status under its own {@code health-down}.
     */
    public static Health health(ServletContext context) {
        return Health.of(of(context), healthDown(context));
    }

    /** The running filter's {@code health-down}; {@code never} when none ran. */
    public static Health.DownWhen healthDown(ServletContext context) {
        return context.getAttribute(HEALTH_DOWN) instanceof Health.DownWhen d ? d : Health.DownWhen.NEVER;
    }
}
