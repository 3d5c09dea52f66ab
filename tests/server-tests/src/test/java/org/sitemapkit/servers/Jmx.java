package org.sitemapkit.servers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.util.List;
import java.util.Map;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * How to reach a server's MBeans from the test JVM, as an operator's JConsole would.
 *
 * @param url the connector's address
 * @param environment what the connector needs besides (WildFly's remoting client, as a class loader)
 * @param how for messages: which connector this is
 */
record Jmx(JMXServiceURL url, Map<String, ?> environment, String how) {

    /**
     * The options that open the JVM's own JMX agent on 127.0.0.1:{@code port}, RMI registry and objects on the one
     * port, without authentication or TLS: a test's server, never an operator's.
     */
    static List<String> agentOptions(int port) {
        return List.of(
                "-Dcom.sun.management.jmxremote.port=" + port,
                "-Dcom.sun.management.jmxremote.rmi.port=" + port,
                "-Dcom.sun.management.jmxremote.host=127.0.0.1",
                "-Djava.rmi.server.hostname=127.0.0.1",
                "-Dcom.sun.management.jmxremote.authenticate=false",
                "-Dcom.sun.management.jmxremote.ssl=false");
    }

    /** The connector of the agent {@link #agentOptions} opened. */
    static Jmx agent(int port) {
        try {
            return new Jmx(
                    new JMXServiceURL("service:jmx:rmi:///jndi/rmi://127.0.0.1:" + port + "/jmxrmi"),
                    Map.of(),
                    "the JVM's JMX agent (com.sun.management.jmxremote)");
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Connects; the caller closes the connection. */
    JMXConnector connect() {
        try {
            return JMXConnectorFactory.connect(url, environment);
        } catch (IOException e) {
            throw new UncheckedIOException(how + " at " + url, e);
        }
    }
}
