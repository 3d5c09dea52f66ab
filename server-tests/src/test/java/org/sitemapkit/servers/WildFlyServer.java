package org.sitemapkit.servers;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.sitemapkit.testsupport.Dirs;
import org.sitemapkit.testsupport.FreePorts;

/**
 * WildFly (RESTEasy, Weld, Undertow) started by its own {@code bin/standalone.sh} from the distribution the build
 * unpacked, on free ports of 127.0.0.1. Each start gets a fresh copy of {@code standalone/} as its base directory,
 * with the WARs already in {@code deployments/}, so the scanner deploys them during boot, not 5 s later.
 */
final class WildFlyServer {

    private static final Duration BOOT = Duration.ofSeconds(120);

    private WildFlyServer() {}

    static Server start(List<Path> wars) {
        Path home = Settings.wildFlyHome();
        Path base = Settings.dir("run/wildfly");
        Dirs.delete(base);
        Dirs.copyTree(home.resolve("standalone"), base);
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
        ProcessServer server = new ProcessServer("WildFly", process, ports[0], process.log());
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

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "(" + file + " unreadable: " + e + ")";
        }
    }
}
