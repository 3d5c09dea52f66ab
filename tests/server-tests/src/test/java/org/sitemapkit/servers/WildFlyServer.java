package org.sitemapkit.servers;

import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import org.sitemapkit.testsupport.Dirs;
import org.sitemapkit.testsupport.FreePorts;

/**
 * WildFly (RESTEasy, Weld, Undertow) started by its own {@code bin/standalone.sh} from the distribution the build
 * unpacked, on free ports of 127.0.0.1. Each start gets a fresh copy of {@code standalone/} as its base directory,
 * with the WARs already in {@code deployments/}, so the scanner deploys them during boot, not 5 s later. Its
 * {@code standalone.xml} (the default configuration) gets the microprofile-health-smallrye subsystem added, as an
 * operator would add it, so that MicroProfile Health's {@code /health/ready} answers on the management port; the
 * MBeans are read over JMX on the same port, through WildFly's remoting client ({@code bin/client/jboss-cli-client.jar},
 * as {@code bin/jconsole.sh} does), authenticated as a local user.
 */
final class WildFlyServer {

    private static final Duration BOOT = Duration.ofSeconds(120);

    private WildFlyServer() {}

    static Server start(List<Path> wars) {
        Path home = Settings.wildFlyHome();
        Path base = Settings.dir("run/wildfly");
        Dirs.delete(base);
        Dirs.copyTree(home.resolve("standalone"), base);
        addMicroProfileHealth(base.resolve("configuration/standalone.xml"));
        Path deployments = base.resolve("deployments");
        for (Path war : wars) {
            Dirs.copy(war, deployments.resolve(war.getFileName()));
        }
        int[] ports = FreePorts.take(5);
        List<String> command = List.of(
                "/bin/sh",
                home.resolve("bin/standalone.sh").toString(),
                "-Djboss.server.base.dir=" + base,
                "-b",
                "127.0.0.1",
                "-bmanagement",
                "127.0.0.1",
                "-Djboss.http.port=" + ports[0],
                "-Djboss.https.port=" + ports[1],
                "-Djboss.management.http.port=" + ports[2],
                "-Djboss.management.https.port=" + ports[3],
                "-Djboss.ajp.port=" + ports[4]);
        Path log = Settings.dir("logs/wildfly.log");
        Dirs.delete(log);
        // The script runs the server JVM in the foreground as its child (no LAUNCH_JBOSS_IN_BACKGROUND), with the
        // test JVM's own Java.
        ServerProcess process = ServerProcess.start(
                "WildFly",
                command,
                home,
                Map.of("JAVA_HOME", System.getProperty("java.home"), "JBOSS_HOME", home.toString()),
                log);
        ProcessServer server = new ProcessServer(
                "WildFly",
                process,
                ports[0],
                process.log(),
                URI.create("http://127.0.0.1:" + ports[2] + "/health/ready"),
                jmx(home, ports[2]));
        try {
            long deadline = System.nanoTime() + BOOT.toNanos();
            // WFLYSRV0025 (started) or WFLYSRV0026 (started with errors): boot is over either way.
            process.await(
                    "boot",
                    ServerProcess.left(deadline),
                    () -> process.logContains("WFLYSRV0025") || process.logContains("WFLYSRV0026"));
            for (Path war : wars) {
                Path deployed = deployments.resolve(war.getFileName() + ".deployed");
                Path failed = deployments.resolve(war.getFileName() + ".failed");
                process.await(
                        war.getFileName() + ".deployed or .failed",
                        ServerProcess.left(deadline),
                        () -> Files.exists(deployed) || Files.exists(failed));
                if (Files.exists(failed)) {
                    throw new IllegalStateException("WildFly could not deploy " + war.getFileName() + ": "
                            + read(failed) + "\n" + ServerLog.tail(log, 80));
                }
            }
            return server;
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
    }

    /** The extension and its subsystem, unsecured like the shipped standalone-microprofile.xml's. */
    private static void addMicroProfileHealth(Path standaloneXml) {
        String xml = read(standaloneXml);
        String extensions = "</extensions>";
        String health = "<subsystem xmlns=\"urn:wildfly:health:1.0\" security-enabled=\"false\"/>";
        if (!xml.contains(extensions) || !xml.contains(health)) {
            throw new IllegalStateException(standaloneXml + " has no " + extensions + " or " + health
                    + ": this WildFly's configuration is not the one the suite knows");
        }
        xml = xml.replace(
                        extensions,
                        "    <extension module=\"org.wildfly.extension.microprofile.health-smallrye\"/>\n    "
                                + extensions)
                .replace(
                        health,
                        health + "\n        <subsystem xmlns=\"urn:wildfly:microprofile-health-smallrye:3.0\""
                                + " security-enabled=\"false\"/>");
        Dirs.write(standaloneXml, xml);
    }

    /**
     * JMX over the management port's HTTP upgrade ({@code remote+http}), with WildFly's own client jar in a class
     * loader of its own, so its JBoss Remoting and Elytron classes stay out of the test's class path.
     */
    private static Jmx jmx(Path home, int managementPort) {
        Path client = home.resolve("bin/client/jboss-cli-client.jar");
        try {
            URLClassLoader loader =
                    new URLClassLoader(new URL[] {client.toUri().toURL()}, WildFlyServer.class.getClassLoader());
            return new Jmx(
                    new JMXServiceURL("service:jmx:remote+http://127.0.0.1:" + managementPort),
                    Map.of(JMXConnectorFactory.PROTOCOL_PROVIDER_CLASS_LOADER, loader),
                    "WildFly's JMX remoting connector (" + client.getFileName() + ")");
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "(" + file + " unreadable: " + e + ")";
        }
    }
}
