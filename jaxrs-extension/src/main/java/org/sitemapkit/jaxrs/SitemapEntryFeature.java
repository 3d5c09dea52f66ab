package org.sitemapkit.jaxrs;

import jakarta.ws.rs.RuntimeType;
import jakarta.ws.rs.core.Feature;
import jakarta.ws.rs.core.FeatureContext;
import jakarta.ws.rs.ext.Provider;
import java.lang.System.Logger.Level;
import org.sitemapkit.jaxrs.internal.RestFeature;
import org.sitemapkit.jaxrs.internal.ServletFeature;

/**
 * Contributes the application's {@link org.sitemapkit.SitemapEntry} methods to SitemapKit as sections of the
 * live sitemap. Jakarta REST 3.1 runtimes such as Jersey 3.1 find it through
 * {@code META-INF/services/jakarta.ws.rs.core.Feature}, so nothing needs registering; elsewhere,
 * or with {@code jakarta.ws.rs.loadServices=false}, register it in one line:
 * {@code classes.add(SitemapEntryFeature.class)} in {@code Application.getClasses()}, or
 * {@code resourceConfig.register(SitemapEntryFeature.class)}. Quarkus REST finds it as a
 * {@code @Provider} in the jar's Jandex index.
 *
 * <p>On start it reads the processor's index from every jar, reflects on resource classes that
 * no index lists, resolves where the application's paths start (the JAX-RS servlet's mapping,
 * or {@code @ApplicationPath}, under the context path) and registers one source per section with
 * {@code SitemapKit.of(servletContext)}, whose servlet filter serves them. Where no servlet
 * filter serves the application (a runtime without servlets, such as Quarkus REST or Helidon MP),
 * it serves the sitemaps itself, from a pre-matching JAX-RS filter; the start-up log says which
 * of the two serves. In a client it does nothing.
 */
@Provider
public final class SitemapEntryFeature implements Feature {
    private static final System.Logger LOG = System.getLogger("org.sitemapkit.jaxrs");

    /** For the runtime, which instantiates it. */
    public SitemapEntryFeature() {}

    @Override
    public boolean configure(FeatureContext context) {
        if (context.getConfiguration().getRuntimeType() != RuntimeType.SERVER) {
            return false;
        }
        if (RestFeature.servletless()) {
            // Quarkus REST runs on Vert.x without servlets, even where a servlet jar is on its class
            // path, and makes every Feature it registers a CDI bean: ServletFeature's servlet fields
            // could not be injected there.
            LOG.log(Level.DEBUG, "sitemapkit: no servlet container here; the JAX-RS filter serves the sitemaps");
            return RestFeature.configure(context);
        }
        if (!context.getConfiguration().isRegistered(ServletFeature.class)) {
            context.register(ServletFeature.class);
        }
        return true;
    }
}
