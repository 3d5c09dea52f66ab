package org.sitemapkit.servers;

import java.nio.file.Path;
import java.util.List;

/** The contract on WildFly: RESTEasy serves the JAX-RS pages, Weld is the CDI container, Undertow the servlets. */
class WildFlyIT extends ServerContract {

    @Override
    Server start(List<Path> wars) {
        return WildFlyServer.start(wars);
    }
}
