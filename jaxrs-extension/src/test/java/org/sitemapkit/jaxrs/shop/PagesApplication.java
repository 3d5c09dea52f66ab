package org.sitemapkit.jaxrs.shop;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.Map;
import java.util.Set;

/**
 * Only the static pages, for a servlet mapped by hand: the container then routes by the
 * mapping, and the {@code @ApplicationPath} below must be ignored, as JAX-RS ignores it.
 */
@ApplicationPath("ignored")
public class PagesApplication extends Application {
    @Override
    public Set<Class<?>> getClasses() {
        return Set.of(PageResource.class);
    }

    @Override
    public Map<String, Object> getProperties() {
        return Map.of("jersey.config.server.wadl.disableWadl", true);
    }
}
