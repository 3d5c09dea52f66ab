package org.sitemapkit.sample;

import java.util.Set;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** JAX-RS application listing the sample shop's resources. */
@ApplicationPath("/")
public class ShopApplication extends Application {

    /** Creates the application. */
    public ShopApplication() {
        // nothing to configure
    }

    @Override
    public Set<Class<?>> getClasses() {
        return Set.of(HomeResource.class);
    }
}
