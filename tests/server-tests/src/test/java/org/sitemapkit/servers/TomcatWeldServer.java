package org.sitemapkit.servers;

import jakarta.annotation.Resource;
import jakarta.servlet.Servlet;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.catalina.startup.Tomcat;
import org.sitemapkit.testsupport.ContainerClassLoader;
import org.sitemapkit.testsupport.Dirs;
import org.sitemapkit.testsupport.TomcatContainer;

/**
 * Embedded Tomcat 11 in this JVM, deploying each test WAR exploded with Jersey and Weld Servlet added to its
 * WEB-INF/lib: what a user targeting a bare Tomcat ships. Weld starts through its own ServletContainerInitializer
 * and Jersey through its own, found in WEB-INF/lib like SitemapKit's; nothing is registered in code.
 */
final class TomcatWeldServer implements Server {

    private final TomcatContainer tomcat;
    private final InProcessLog log;

    private TomcatWeldServer(TomcatContainer tomcat, InProcessLog log) {
        this.tomcat = tomcat;
        this.log = log;
    }

    static TomcatWeldServer start(List<Path> wars) {
        Path base = Settings.dir("run/tomcat");
        Dirs.delete(base);
        InProcessLog log = InProcessLog.start(Settings.dir("logs/tomcat-weld.log"));
        List<TomcatContainer.Webapp> webapps = new ArrayList<>();
        for (Path war : wars) {
            String name = war.getFileName().toString().replaceFirst("\\.war$", "");
            Path dir = base.resolve("apps").resolve(name);
            Dirs.unzip(war, dir);
            for (Path jar : Dirs.files(Settings.tomcatLib(), ".jar")) {
                Dirs.copy(jar, dir.resolve("WEB-INF/lib").resolve(jar.getFileName()));
            }
            webapps.add(new TomcatContainer.Webapp(dir, "/" + name, Map.of()));
        }
        // A standalone Tomcat's common loader: the JDK and Tomcat's own jars (which hold the Servlet API). The test
        // JVM's class path also holds SitemapKit, Jersey, Weld and JUnit, which only the WARs may bring.
        ClassLoader common = ContainerClassLoader.onlyJarsOf(
                TomcatWeldServer.class.getClassLoader(), Tomcat.class, Servlet.class, Resource.class);
        try {
            return new TomcatWeldServer(TomcatContainer.start(base, common, webapps), log);
        } catch (RuntimeException e) {
            log.close();
            throw new IllegalStateException(e.getMessage() + "\n" + ServerLog.tail(log.file(), 80), e);
        }
    }

    @Override
    public String name() {
        return "Tomcat + Weld";
    }

    @Override
    public int port() {
        return tomcat.port();
    }

    @Override
    public Path log() {
        return log.file();
    }

    @Override
    public void close() {
        try {
            tomcat.close();
        } catch (IllegalStateException e) {
            System.out.println("Tomcat did not stop cleanly: " + e);
        } finally {
            log.close();
        }
    }
}
