package org.sitemapkit.jaxrs.internal;

import jakarta.ws.rs.core.FeatureContext;

/**
 * The entry of {@code SitemapEntryFeature} where there is no servlet container: the application is
 * served by {@link RestFilter}. Called, not registered as a Feature of its own: Quarkus REST does
 * not configure a Feature that another Feature registers.
 */
public final class RestFeature {
    private RestFeature() {}

    /** Serves the application the runtime is configuring; see {@link RestServing#configure}. */
    public static boolean configure(FeatureContext context) {
        return RestServing.configure(context, null, "no servlet container runs this JAX-RS application", null, null);
    }
}
