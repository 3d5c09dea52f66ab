package org.sitemapkit.servers;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.sitemapkit.testsupport.Dirs;
import org.sitemapkit.testsupport.FreePorts;

/**
 * Open Liberty (RESTEasy, Weld, its own HTTP transport) run in the foreground by {@code bin/server run}, from the
 * runtime the build unpacked. Each start gets a fresh user directory ({@code WLP_USER_DIR}) holding one server whose
 * server.xml enables {@code webProfile-10.0} and {@code mpHealth-4.0} (MicroProfile Health at {@code /health/ready}
 * on the HTTP port) and listens on 127.0.0.1 only, with the WARs in {@code dropins/}, so each deploys at its file
 * name. Its {@code jvm.options} open the JVM's JMX agent on 127.0.0.1 without authentication, for the MBeans.
 */
final class OpenLibertyServer {

    private static final Duration BOOT = Duration.ofSeconds(180);
    private static final String SERVER = "sitemapkit";
    /** "The server is ready to run a smarter planet": every feature started, and dropins scanned. */
    private static final String READY = "CWWKF0011I";

    private OpenLibertyServer() {}

    static Server start(List<Path> wars) {
        Path home = Settings.libertyHome();
        Path user = Settings.dir("run/openliberty");
        Dirs.delete(user);
        Path dir = user.resolve("servers").resolve(SERVER);
        Dirs.createDirectories(dir.resolve("dropins"));
        for (Path war : wars) {
            Dirs.copy(war, dir.resolve("dropins").resolve(war.getFileName()));
        }
        int[] ports = FreePorts.take(2);
        int port = ports[0];
        int jmxPort = ports[1];
        Dirs.write(dir.resolve("server.xml"), """
                <server>
                  <featureManager>
                    <feature>webProfile-10.0</feature>
                    <feature>mpHealth-4.0</feature>
                  </featureManager>
                  <httpEndpoint id="defaultHttpEndpoint" host="127.0.0.1" httpPort="%d" httpsPort="-1"/>
                  <applicationManager autoExpand="true"/>
                </server>
                """.formatted(port));
        Dirs.write(dir.resolve("jvm.options"), String.join("\n", Jmx.agentOptions(jmxPort)) + "\n-Xmx512m\n");
        Path log = Settings.dir("logs/openliberty.log");
        Dirs.delete(log);
        ServerProcess process = ServerProcess.start(
                "Open Liberty",
                List.of("/bin/sh", home.resolve("bin/server").toString(), "run", SERVER),
                home,
                Map.of("JAVA_HOME", System.getProperty("java.home"), "WLP_USER_DIR", user.toString()),
                log);
        ProcessServer server = new ProcessServer(
                "Open Liberty",
                process,
                port,
                dir.resolve("logs/messages.log"),
                URI.create("http://127.0.0.1:" + port + "/health/ready"),
                Jmx.agent(jmxPort));
        try {
            long deadline = System.nanoTime() + BOOT.toNanos();
            process.await("\"" + READY + "\"", ServerProcess.left(deadline), () -> process.logContains(READY));
            for (Path war : wars) {
                String name = war.getFileName().toString().replaceFirst("\\.war$", "");
                // CWWKZ0001I: started; CWWKZ0002E: an exception while starting it.
                process.await(
                        name + " started or failed",
                        ServerProcess.left(deadline),
                        () -> process.logContains("CWWKZ0001I: Application " + name + " started")
                                || process.logContains("CWWKZ0002E: An exception occurred while starting the"
                                        + " application " + name));
                if (!process.logContains("CWWKZ0001I: Application " + name + " started")) {
                    throw new IllegalStateException(
                            "Open Liberty could not start " + war.getFileName() + "\n" + ServerLog.tail(log, 80));
                }
            }
            return server;
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
    }
}
