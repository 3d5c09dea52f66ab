package org.sitemapkit.spring;

import jakarta.servlet.ServletContext;
import org.sitemapkit.internal.servlet.ServletStatus;
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
        Health.Builder health = ServletStatus.health(context).up() ? Health.up() : Health.down();
        return health.withDetails(StatusView.health(ServletStatus.of(context))).build();
    }
}
