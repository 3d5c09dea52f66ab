package org.sitemapkit.jaxrs.internal;

import jakarta.enterprise.inject.Produces;
import org.sitemapkit.SitemapKit;

/**
 * {@code @Inject SitemapKit} where the JAX-RS filter serves (Quarkus): the handle to invalidate
 * sections with. No bean-defining annotation on purpose: Quarkus takes a class that declares a
 * producer as a bean, while containers that discover beans by annotation (Weld in an EE server)
 * do not, so it never competes there with a producer of the application's own.
 */
public class KitProducer {
    /** For the CDI container. */
    public KitProducer() {}

    /**
     * The handle of the application served here.
     *
     * @throws IllegalStateException before the JAX-RS runtime configured SitemapKit, or where the
     *     servlet filter serves (use {@code SitemapKit.of(servletContext)} there)
     */
    @Produces
    SitemapKit sitemapKit() {
        SitemapKit kit = RestServing.kit(RestServing.loader());
        if (kit == null) {
            throw new IllegalStateException("sitemapkit: no JAX-RS application is served by the JAX-RS filter in"
                    + " this class loader yet (or the servlet filter serves it: use SitemapKit.of(servletContext))");
        }
        return kit;
    }
}
