package org.sitemapkit.servers;

import java.nio.file.Path;
import java.util.List;

/** The contract on Payara Micro: Jersey serves the JAX-RS pages, Weld is the CDI container, Grizzly the HTTP. */
class PayaraMicroIT extends ServerContract {

    @Override
    Server start(List<Path> wars) {
        return PayaraMicroServer.start(wars);
    }
}
