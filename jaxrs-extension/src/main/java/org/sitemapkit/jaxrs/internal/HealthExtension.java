package org.sitemapkit.jaxrs.internal;

import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.spi.AfterBeanDiscovery;
import jakarta.enterprise.inject.spi.Extension;
import org.sitemapkit.internal.status.Health;

/**
 * Adds the {@code sitemapkit} readiness check to a CDI container whose application sees the MicroProfile Health
 * API (WildFly with microprofile-health, Payara, Open Liberty with mpHealth), and nothing anywhere else. The check
 * is a synthetic bean ({@link HealthCheckBean}), never a scanned class: no class of this jar names a MicroProfile
 * Health type ({@link MpHealthCheck} reaches it by reflection), so a container that loads every class of the jar
 * (Weld's reflection discovery on Tomcat) meets no missing type. Only CDI types are named here, and only
 * containers that run portable extensions (Weld, OpenWebBeans; not Quarkus' ArC) load it, from
 * {@code META-INF/services}.
 */
public class HealthExtension implements Extension {
    /** For the CDI container, which finds it in {@code META-INF/services}. */
    public HealthExtension() {}

    /** Adds the check when the API is there; the API absent, there is nothing to log, since nothing is missed. */
    void addCheck(@Observes AfterBeanDiscovery event) {
        // the application's class loader: its servlet context's, or where the JAX-RS filter's engine runs
        ClassLoader loader = RestServing.loader();
        MpHealthCheck check = MpHealthCheck.find(loader, () -> health(loader));
        if (check == null) {
            return;
        }
        event.addBean(new HealthCheckBean(check));
    }

    /** The check now: the servlet filter's status, else the JAX-RS filter's in this class loader. */
    private static Health health(ClassLoader loader) {
        Object context = ServletContexts.of(loader);
        return context != null ? ServletHealth.of(context) : RestServing.health(loader);
    }
}
