package org.sitemapkit.quarkus.runtime;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;
import org.sitemapkit.internal.status.Health;
import org.sitemapkit.jaxrs.internal.RestFeature;

/**
 * The {@code sitemapkit} readiness check of {@code quarkus-smallrye-health}: up, down only as {@code health-down}
 * asks, with the status of the sections in its data. A bean only where the application has that extension.
 */
@Readiness
@ApplicationScoped
public class SitemapKitReadiness implements HealthCheck {
    /** For ArC, which makes it. */
    public SitemapKitReadiness() {}

    /**
     * The status now, of the JAX-RS filter's engine that serves this application.
     *
     * @return {@code sitemapkit}, up or down, with the sections' status as its data
     */
    @Override
    public HealthCheckResponse call() {
        Health health = RestFeature.health(Thread.currentThread().getContextClassLoader());
        return new HealthCheckResponse(
                RestFeature.HEALTH_CHECK_NAME,
                health.up() ? HealthCheckResponse.Status.UP : HealthCheckResponse.Status.DOWN,
                Optional.of(health.data()));
    }
}
