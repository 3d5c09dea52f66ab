package org.sitemapkit.servers;

import java.nio.file.Path;
import java.util.List;

/**
 * The contract on WildFly: RESTEasy serves the JAX-RS pages, Weld is the CDI container, Undertow the servlets; and
 * the operations contract, with MicroProfile Health on the management port and the MBeans over JMX remoting.
 */
class WildFlyIT extends ServerContract implements OperationsContract {

    @Override
    Server start(List<Path> wars) {
        return WildFlyServer.start(wars);
    }
}
