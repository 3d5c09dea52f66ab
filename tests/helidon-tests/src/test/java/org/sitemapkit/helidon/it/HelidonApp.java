package org.sitemapkit.helidon.it;

import io.helidon.microprofile.server.Server;
import java.util.HashMap;
import java.util.Map;
import java.util.function.IntFunction;
import org.sitemapkit.testsupport.FreePorts;

/**
 * The application started by a test on a free port of 127.0.0.1, with SitemapKit settings of the test's own as
 * system properties, which MicroProfile Config reads ahead of microprofile-config.properties.
 */
final class HelidonApp implements AutoCloseable {
    final Server server;
    /** {@code http://127.0.0.1:PORT/}. */
    final String base;

    private final Map<String, String> properties;

    private HelidonApp(Server server, Map<String, String> properties) {
        this.server = server;
        this.base = "http://127.0.0.1:" + server.port() + "/";
        this.properties = properties;
    }

    /** Starts the application with the settings {@code settings} gives for its port. */
    static HelidonApp start(IntFunction<Map<String, String>> settings) {
        int port = FreePorts.take(1)[0];
        Map<String, String> properties = new HashMap<>(settings.apply(port));
        properties.put("server.port", Integer.toString(port));
        properties.put("sitemapkit.allowed-hosts", "127.0.0.1:" + port);
        properties.forEach(System::setProperty);
        return new HelidonApp(Server.create().start(), properties);
    }

    @Override
    public void close() {
        properties.keySet().forEach(System::clearProperty);
        server.stop();
    }
}
