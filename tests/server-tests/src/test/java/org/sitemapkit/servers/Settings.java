package org.sitemapkit.servers;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Where the build put what the tests need, from failsafe's system properties; the defaults are the same paths
 * relative to the module, so a run from an IDE works after one {@code mvn -pl server-tests verify}.
 */
final class Settings {

    private Settings() {}

    /** target/servers, or a directory under it. */
    static Path dir(String name) {
        return Paths.get(System.getProperty("servers.dir", "target/servers"))
                .toAbsolutePath()
                .resolve(name);
    }

    /** src/war: the WAR's java and webapp sources. */
    static Path warSources() {
        return Paths.get(System.getProperty("servers.war.src", "src/war")).toAbsolutePath();
    }

    /** The unpacked WildFly distribution. */
    static Path wildFlyHome() {
        return existing(System.getProperty("servers.wildfly.home"), "servers.wildfly.home", "wildfly-*");
    }

    /** The unpacked Open Liberty runtime's {@code wlp} directory. */
    static Path libertyHome() {
        return existing(System.getProperty("servers.liberty.home"), "servers.liberty.home", "openliberty-*/wlp");
    }

    /** payara-micro.jar, copied from the local repository. */
    static Path payaraMicroJar() {
        return existing(System.getProperty("servers.payara.jar"), "servers.payara.jar", "payara-micro.jar");
    }

    /** Jersey, HK2 and Weld: what a WAR for a bare Tomcat carries in WEB-INF/lib. */
    static Path tomcatLib() {
        return dir("tomcat-lib");
    }

    private static Path existing(String value, String property, String what) {
        if (value == null) {
            throw new IllegalStateException(property + " is not set: run through Maven (mvn -pl server-tests verify), "
                    + "which unpacks " + what + " into target/servers at pre-integration-test");
        }
        Path path = Paths.get(value).toAbsolutePath();
        if (!Files.exists(path)) {
            throw new IllegalStateException(
                    path + " (" + property + ") does not exist: the pre-integration-test " + "phase did not run");
        }
        return path;
    }
}
