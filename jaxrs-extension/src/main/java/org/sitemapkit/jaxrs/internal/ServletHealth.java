package org.sitemapkit.jaxrs.internal;

import jakarta.servlet.ServletContext;
import java.util.LinkedHashMap;
import java.util.Map;
import org.sitemapkit.internal.servlet.ServletStatus;
import org.sitemapkit.internal.status.Health;

/**
 * The health check where the servlet filter serves: kept apart from {@link HealthExtension} so that a CDI
 * container without the servlet API (Helidon MP) never resolves a servlet type through it.
 */
final class ServletHealth {
    private ServletHealth() {}

    /**
     * The check of the web application whose context this is, from what its servlet filter published, naming
     * the application as JMX does (its context path, {@code /} at the root): a server lists one check per
     * application, all named {@code sitemapkit}.
     */
    static Health of(Object context) {
        ServletContext c = (ServletContext) context;
        Health h = ServletStatus.health(c);
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("application", c.getContextPath().isEmpty() ? "/" : c.getContextPath());
        data.putAll(h.data());
        return new Health(h.up(), data);
    }
}
