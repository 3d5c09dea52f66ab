package org.sitemapkit.jaxrs.internal;

import jakarta.ws.rs.core.Feature;
import jakarta.ws.rs.core.FeatureContext;

/**
 * The JAX-RS half of {@code SitemapEntryFeature} where there is no Servlet API at all: the
 * application is served by {@link RestFilter}. Kept apart from {@link ServletFeature}, which
 * names servlet types.
 */
public final class RestFeature implements Feature {
    /**
     * Made by the JAX-RS runtime. Nothing is injected: Quarkus turns {@code @Context Application}
     * into a CDI injection point that is ambiguous when the application has its own subclass.
     */
    public RestFeature() {}

    @Override
    public boolean configure(FeatureContext context) {
        return RestServing.configure(context, null, "no Servlet API in this application");
    }
}
