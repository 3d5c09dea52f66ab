package org.sitemapkit.jaxrs.internal;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Destroyed;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import org.sitemapkit.source.PathParamsProvider;

/**
 * Keeps the application's params providers in a CDI container that removes beans nobody injects
 * (Quarkus' ArC does): SitemapKit looks its providers up by type, which such a container does not
 * see. A bean with an observer is never removed, and the beans its {@code Instance} may give are
 * not either. It also stops the engines of the JAX-RS filter when the application ends. Where the
 * servlet filter serves, it is a bean that does nothing.
 */
@ApplicationScoped
public class ProviderBeans {
    @Inject
    @Any
    Instance<PathParamsProvider> providers;

    /** For the CDI container. */
    public ProviderBeans() {}

    /** Observes the start only to be kept; there is nothing to do then. */
    void started(@Observes @Initialized(ApplicationScoped.class) Object event) {
        // the observer is what keeps this bean, and with it the providers its Instance names
    }

    /**
     * The application ends (Quarkus' dev-mode reload, an undeploy): the engines the JAX-RS filter
     * runs for it stop, their threads and store with them.
     */
    void ended(@Observes @Destroyed(ApplicationScoped.class) Object event) {
        RestServing.stopAll(RestServing.loader());
    }
}
