package org.sitemapkit.springboot.app;

import jakarta.ws.rs.ApplicationPath;
import org.glassfish.jersey.server.ResourceConfig;
import org.springframework.stereotype.Component;

/** Boot's Jersey application, at {@code /api}; its servlet starts at the first request under it. */
@Component
@ApplicationPath("/api")
public class JerseyConfig extends ResourceConfig {
    public JerseyConfig() {
        register(ItemResource.class);
    }
}
