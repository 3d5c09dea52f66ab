package org.sitemapkit.servers;

import java.nio.file.Path;
import java.util.List;

/**
 * The contract on a bare Tomcat whose WARs bring Jersey and Weld Servlet in WEB-INF/lib: the fast CDI check,
 * in this JVM.
 */
class TomcatWeldIT extends ServerContract {

    @Override
    Server start(List<Path> wars) {
        return TomcatWeldServer.start(wars);
    }
}
