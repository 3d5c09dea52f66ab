package org.sitemapkit.servers;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sitemapkit.testsupport.Dirs;
import org.sitemapkit.testsupport.FreePorts;

/**
 * Payara Micro (Jersey, Weld, Grizzly) as {@code java -jar payara-micro.jar --deploy a.war --deploy b.war}. Micro has
 * no option for the HTTP address, and {@code --nocluster} (even with {@code --nohazelcast}) still starts Hazelcast
 * listening on *:6900; pre-boot {@code set} commands bind the listener to 127.0.0.1 and turn Hazelcast off, which
 * also halves the start-up time. MicroProfile Health is Micro's own, at {@code /health/ready} on the HTTP port; the
 * MBeans are read through the JVM's JMX agent, which the {@code com.sun.management.jmxremote.*} properties on the
 * java command open on 127.0.0.1 without authentication (a test's server, not an operator's).
 */
final class PayaraMicroServer {

    private static final Duration BOOT = Duration.ofSeconds(120);
    /** The line Micro prints once every deployment is done and the listener is open. */
    private static final String READY = "ready in";

    private PayaraMicroServer() {}

    static Server start(List<Path> wars) {
        Path run = Settings.dir("run/payara");
        Dirs.delete(run);
        Dirs.createDirectories(run);
        Path preBoot = run.resolve("pre-boot-commands.txt");
        Dirs.write(
                preBoot,
                "set configs.config.server-config.network-config.network-listeners.network-listener."
                        + "http-listener.address=127.0.0.1\n"
                        + "set configs.config.server-config.hazelcast-config-specific-configuration.enabled=false\n");
        int[] ports = FreePorts.take(2);
        int port = ports[0];
        int jmxPort = ports[1];
        List<String> command = new ArrayList<>(
                List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m"));
        command.addAll(Jmx.agentOptions(jmxPort));
        command.addAll(List.of(
                "-Djava.io.tmpdir=" + run.resolve("tmp"),
                "-jar",
                Settings.payaraMicroJar().toString(),
                "--nocluster",
                "--disablephonehome",
                "--port",
                Integer.toString(port),
                "--rootdir",
                run.resolve("root").toString(),
                "--unpackdir",
                run.resolve("unpack").toString(),
                "--prebootcommandfile",
                preBoot.toString()));
        for (Path war : wars) {
            command.add("--deploy");
            command.add(war.toString());
        }
        for (String dir : List.of("tmp", "root", "unpack")) {
            Dirs.createDirectories(run.resolve(dir));
        }
        Path log = Settings.dir("logs/payara-micro.log");
        Dirs.delete(log);
        ServerProcess process = ServerProcess.start("Payara Micro", command, run, Map.of(), log);
        ProcessServer server = new ProcessServer(
                "Payara Micro",
                process,
                port,
                process.log(),
                URI.create("http://127.0.0.1:" + port + "/health/ready"),
                Jmx.agent(jmxPort));
        try {
            process.await("\"" + READY + "\"", BOOT, () -> process.logContains(READY));
            for (Path war : wars) {
                String name = war.getFileName().toString().replaceFirst("\\.war$", "");
                if (!process.logContains(name + " was successfully deployed")) {
                    throw new IllegalStateException("Payara Micro is up but did not deploy " + war.getFileName() + "\n"
                            + ServerLog.tail(log, 80));
                }
            }
            return server;
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
    }
}
