package org.sitemapkit.jaxrs.internal;

import jakarta.enterprise.inject.Produces;
import org.sitemapkit.SitemapKit;

/**
 * {@code @Inject SitemapKit} on Quarkus: the handle to invalidate sections with. No bean-defining annotation on
 * purpose: Quarkus' ArC takes a class that declares a producer as a bean (its Jandex index names this class),
 * while containers that discover beans by annotation (Weld, OpenWebBeans) do not, so it never competes there
 * with a producer of the application's own; those get the handle from {@link KitExtension} instead.
 */
public class KitProducer {
    /** For the CDI container. */
    public KitProducer() {}

    /**
     * The handle of the application served here.
     *
     * @throws IllegalStateException before the JAX-RS runtime configured SitemapKit
     */
    @Produces
    SitemapKit sitemapKit() {
        return current();
    }

    /**
     * The handle of the application whose class loader is the current one: the JAX-RS filter's where it serves,
     * else the servlet filter's, whose web application's context the initializer saw start.
     */
    static SitemapKit current() {
        ClassLoader loader = RestServing.loader();
        SitemapKit kit = RestServing.kit(loader);
        if (kit != null) {
            return kit;
        }
        Object context = ServletContexts.of(loader);
        if (context != null) {
            return ServletKit.of(context);
        }
        throw new IllegalStateException("sitemapkit: no JAX-RS application is served by the JAX-RS filter in"
                + " this class loader yet, and no web application's servlet filter started in it");
    }
}
