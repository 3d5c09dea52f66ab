package org.sitemapkit.servers;

import java.nio.file.Path;
import java.util.List;

/**
 * The contract on Open Liberty: RESTEasy serves the JAX-RS pages, Weld is the CDI container; and the operations
 * contract, with the mpHealth feature's MicroProfile Health on the HTTP port and the MBeans over the JVM's JMX agent.
 */
class OpenLibertyIT extends ServerContract implements OperationsContract {

    @Override
    Server start(List<Path> wars) {
        return OpenLibertyServer.start(wars);
    }

    /** Its HTTP transport writes {@code Content-Length: 0} on every 304, whatever the application set. */
    @Override
    boolean zeroLengthOn304() {
        return true;
    }
}
