package org.sitemapkit.spring;

import jakarta.servlet.ServletContext;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * The {@code sitemapkit} health contributor (Boot 4): up (down only as {@code health-down} asks), with the
 * stale and failing sections in its details. Boot 3.5's contributor has another package; {@link Boot3Health}
 * makes it.
 */
final class SitemapKitHealth implements HealthIndicator {
    private final ServletContext context;

    SitemapKitHealth(ServletContext context) {
        this.context = context;
    }

    @Override
    public Health health() {
        StatusView.HealthReport report = StatusView.health(context);
        return (report.up() ? Health.up() : Health.down())
                .withDetails(report.details())
                .build();
    }
}
