package org.sitemapkit.jaxrs.shop;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.Map;
import java.util.Set;

/** The test shop: deployed by Jersey's initializer, which maps it to /api/* from the annotation. */
@ApplicationPath("api")
public class ShopApplication extends Application {
    @Override
    public Set<Class<?>> getClasses() {
        return Set.of(PageResource.class, ProductResource.class, CategoryResource.class);
    }

    @Override
    public Map<String, Object> getProperties() {
        return Map.of("jersey.config.server.wadl.disableWadl", true);
    }
}
