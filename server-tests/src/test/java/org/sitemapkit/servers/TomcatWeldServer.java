package org.sitemapkit.servers;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.catalina.Context;
import org.apache.catalina.Globals;
import org.apache.catalina.Lifecycle;
import org.apache.catalina.LifecycleEvent;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.LifecycleState;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.apache.tomcat.util.scan.StandardJarScanner;

/**
 * Embedded Tomcat 11 in this JVM, deploying each test WAR exploded with Jersey and Weld Servlet added to its
 * WEB-INF/lib: what a user targeting a bare Tomcat ships. Weld starts through its own ServletContainerInitializer
 * and Jersey through its own, found in WEB-INF/lib like SitemapKit's; nothing is registered in code.
 */
final class TomcatWeldServer implements Server {

    private final Tomcat tomcat;
    private final InProcessLog log;
    private final int port;

    private TomcatWeldServer(Tomcat tomcat, InProcessLog log, int port) {
        this.tomcat = tomcat;
        this.log = log;
        this.port = port;
    }

    static TomcatWeldServer start(List<Path> wars) {
        Path base = Settings.dir("run/tomcat");
        Dirs.delete(base);
        InProcessLog log = InProcessLog.start(Settings.dir("logs/tomcat-weld.log"));
        // Tomcat keeps catalina.home/base in system properties; another instance's would be reused.
        System.clearProperty(Globals.CATALINA_HOME_PROP);
        System.clearProperty(Globals.CATALINA_BASE_PROP);
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(base.toString());
        tomcat.getHost().setAppBase(base.resolve("webapps").toString());
        Connector connector = new Connector();
        connector.setPort(0);
        connector.setProperty("address", "127.0.0.1");
        tomcat.setConnector(connector);

        ClassLoader common = new TomcatOnlyClassLoader(TomcatWeldServer.class.getClassLoader());
        List<Context> contexts = new ArrayList<>();
        for (Path war : wars) {
            String name = war.getFileName().toString().replaceFirst("\\.war$", "");
            Path dir = base.resolve("apps").resolve(name);
            Dirs.unzip(war, dir);
            for (Path jar : Dirs.files(Settings.tomcatLib(), ".jar")) {
                Dirs.copy(jar, dir.resolve("WEB-INF/lib").resolve(jar.getFileName()));
            }
            Context context = tomcat.addWebapp("/" + name, dir.toString());
            context.addLifecycleListener(TomcatWeldServer::withoutJsp);
            context.setParentClassLoader(common);
            // WEB-INF/lib and WEB-INF/classes are scanned; the test JVM's class path is not, as in a real Tomcat.
            ((StandardJarScanner) context.getJarScanner()).setScanClassPath(false);
            contexts.add(context);
        }
        TomcatWeldServer server = new TomcatWeldServer(tomcat, log, -1);
        try {
            tomcat.start();
        } catch (LifecycleException | RuntimeException e) {
            server.close();
            throw new IllegalStateException("Tomcat did not start\n" + ServerLog.tail(log.file(), 80), e);
        }
        for (Context context : contexts) {
            if (context.getState() != LifecycleState.STARTED) {
                server.close();
                throw new IllegalStateException("Tomcat could not deploy " + context.getName() + " ("
                        + context.getState() + ")\n" + ServerLog.tail(log.file(), 80));
            }
        }
        return new TomcatWeldServer(tomcat, log, connector.getLocalPort());
    }

    /**
     * Drops the JSP servlet embedded Tomcat's default web.xml declares: Jasper is not there, and the servlet would
     * fail to load with a stack trace on every start.
     */
    private static void withoutJsp(LifecycleEvent event) {
        if (Lifecycle.BEFORE_START_EVENT.equals(event.getType())) {
            Context context = (Context) event.getLifecycle();
            org.apache.catalina.Container jsp = context.findChild("jsp");
            if (jsp != null) {
                context.removeChild(jsp);
            }
            context.removeServletMapping("*.jsp");
            context.removeServletMapping("*.jspx");
        }
    }

    @Override
    public String name() {
        return "Tomcat + Weld";
    }

    @Override
    public int port() {
        return port;
    }

    @Override
    public Path log() {
        return log.file();
    }

    @Override
    public void close() {
        try {
            tomcat.stop();
            tomcat.destroy();
        } catch (LifecycleException e) {
            System.out.println("Tomcat did not stop cleanly: " + e);
        } finally {
            log.close();
        }
    }
}
