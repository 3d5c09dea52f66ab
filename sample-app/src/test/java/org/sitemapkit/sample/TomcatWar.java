package org.sitemapkit.sample;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.catalina.Context;
import org.apache.catalina.Lifecycle;
import org.apache.catalina.LifecycleEvent;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.LifecycleState;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.apache.tomcat.util.scan.StandardJarScanner;

/**
 * target/sitemapkit-sample-app.war deployed on an embedded Tomcat 11 the way a standalone Tomcat deploys it:
 * web.xml, annotations and ServletContainerInitializers found in WEB-INF/lib and WEB-INF/classes, every class
 * loaded from the WAR ({@link WebappParentLoader}). After integration-tests' {@code TomcatContainer}.
 */
final class TomcatWar implements AutoCloseable {

    private final Tomcat tomcat;
    private final Path baseDir;
    private final Context context;
    private final String base;

    private TomcatWar(Tomcat tomcat, Path baseDir, Context context, String base) {
        this.tomcat = tomcat;
        this.baseDir = baseDir;
        this.context = context;
        this.base = base;
    }

    /**
     * Deploys a WAR on a free port of 127.0.0.1.
     *
     * @param war the .war file
     * @param contextPath {@code ""} for the root, or e.g. {@code /shop}
     * @param contextParams as {@code <context-param>}s would give them
     * @return the running container; throws if the application did not start
     */
    static TomcatWar start(Path war, String contextPath, Map<String, String> contextParams) throws IOException {
        Path baseDir = Files.createTempDirectory("sample-tomcat");
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(baseDir.toString());
        // Tomcat unpacks the WAR into the app base; without the directory it would run from the packed WAR, slowly.
        tomcat.getHost()
                .setAppBase(Files.createDirectories(baseDir.resolve("webapps")).toString());
        Connector connector = new Connector();
        connector.setPort(0);
        connector.setProperty("address", "127.0.0.1");
        tomcat.setConnector(connector);

        Context context = tomcat.addWebapp(contextPath, war.toAbsolutePath().toString());
        context.addLifecycleListener(TomcatWar::withoutJsp);
        context.setParentClassLoader(new WebappParentLoader(
                TomcatWar.class.getClassLoader(),
                Tomcat.class,
                jakarta.servlet.Servlet.class,
                jakarta.annotation.Resource.class));
        // WEB-INF/lib and WEB-INF/classes are scanned (so the initializers in the WAR run); the test JVM's class
        // path is not, as in a real Tomcat.
        ((StandardJarScanner) context.getJarScanner()).setScanClassPath(false);
        contextParams.forEach(context::addParameter);

        try {
            tomcat.start();
        } catch (LifecycleException e) {
            stop(tomcat, baseDir);
            throw new IllegalStateException("Tomcat did not start", e);
        }
        if (context.getState() != LifecycleState.STARTED) {
            stop(tomcat, baseDir);
            throw new IllegalStateException("the WAR did not start (" + context.getState() + "); see Tomcat's log");
        }
        return new TomcatWar(tomcat, baseDir, context, "http://127.0.0.1:" + connector.getLocalPort() + contextPath);
    }

    /** {@code http://127.0.0.1:PORT/context}, without a trailing slash. */
    String base() {
        return base;
    }

    /** The deployed context, to look at its filters and class loader. */
    Context context() {
        return context;
    }

    @Override
    public void close() {
        stop(tomcat, baseDir);
    }

    /** Embedded Tomcat's default web.xml declares a JSP servlet, and Jasper is not here: drop it. */
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

    private static void stop(Tomcat tomcat, Path baseDir) {
        try {
            tomcat.stop();
            tomcat.destroy();
        } catch (LifecycleException e) {
            throw new IllegalStateException("Tomcat did not stop cleanly", e);
        } finally {
            delete(baseDir);
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
