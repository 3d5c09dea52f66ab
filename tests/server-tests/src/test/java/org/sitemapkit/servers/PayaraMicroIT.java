package org.sitemapkit.servers;

import java.nio.file.Path;
import java.util.List;

/**
 * The contract on Payara Micro: Jersey serves the JAX-RS pages, Weld is the CDI container, Grizzly the HTTP; and
 * the operations contract, with Micro's MicroProfile Health on the HTTP port and the MBeans over the JVM's JMX agent.
 */
class PayaraMicroIT extends ServerContract implements OperationsContract {

    @Override
    Server start(List<Path> wars) {
        return PayaraMicroServer.start(wars);
    }
}
