package org.sitemapkit.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
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
 * Embedded Tomcat 11 deploying an exploded WAR the way a standalone Tomcat does: web.xml, annotations and
 * ServletContainerInitializers found in WEB-INF/lib and WEB-INF/classes, loaded by the web app class loader.
 */
public final class TomcatContainer implements Container {

    private final Tomcat tomcat;
    private final Path baseDir;
    private final Context context;
    private final URI baseUri;

    private TomcatContainer(Tomcat tomcat, Path baseDir, Context context, URI baseUri) {
        this.tomcat = tomcat;
        this.baseDir = baseDir;
        this.context = context;
        this.baseUri = baseUri;
    }

    /** Deploys {@link TestWar#dir()} at {@code contextPath} ("" for the root, or e.g. "/shop"). */
    public static TomcatContainer start(String contextPath) {
        return start(TestWar.dir(), contextPath, Map.of());
    }

    /** Deploys {@link TestWar#dir()} with extra context parameters, as {@code <context-param>} would. */
    public static TomcatContainer start(String contextPath, Map<String, String> contextParams) {
        return start(TestWar.dir(), contextPath, contextParams);
    }

    /**
     * Deploys an exploded WAR on a free port of 127.0.0.1; throws if the application fails to start
     * (the cause, e.g. a filter's init exception, is in Tomcat's log on stderr).
     */
    public static TomcatContainer start(Path warDir, String contextPath, Map<String, String> contextParams) {
        Container.requireContextPath(contextPath);
        Path baseDir = createTempDir();
        // Tomcat keeps catalina.home/base in system properties; the previous instance's (deleted) home would
        // otherwise be re-created and left behind by this one.
        System.clearProperty(Globals.CATALINA_HOME_PROP);
        System.clearProperty(Globals.CATALINA_BASE_PROP);
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(baseDir.toString());
        tomcat.getHost().setAppBase(baseDir.resolve("webapps").toString());

        Connector connector = new Connector();
        connector.setPort(0);
        connector.setProperty("address", "127.0.0.1");
        tomcat.setConnector(connector);

        Context context = tomcat.addWebapp(contextPath, warDir.toAbsolutePath().toString());
        context.addLifecycleListener(TomcatContainer::withoutJsp);
        context.setParentClassLoader(new ContainerClassLoader(TomcatContainer.class.getClassLoader()));
        // WEB-INF/lib and WEB-INF/classes are scanned; the test JVM's class path is not, as in a real Tomcat.
        StandardJarScanner scanner = (StandardJarScanner) context.getJarScanner();
        scanner.setScanClassPath(false);
        contextParams.forEach(context::addParameter);

        try {
            tomcat.start();
        } catch (LifecycleException e) {
            stop(tomcat, baseDir);
            throw new IllegalStateException("Tomcat did not start", e);
        }
        if (context.getState() != LifecycleState.STARTED) {
            stop(tomcat, baseDir);
            throw new IllegalStateException("web application at '" + contextPath + "' failed to start ("
                    + context.getState() + "); Tomcat's log above says why");
        }
        URI baseUri = URI.create("http://127.0.0.1:" + connector.getLocalPort() + contextPath + "/");
        return new TomcatContainer(tomcat, baseDir, context, baseUri);
    }

    /**
     * Drops the JSP servlet that embedded Tomcat's default web.xml declares: Jasper is not on the class path,
     * and the servlet would fail to load with a SEVERE stack trace on every start.
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
    public URI baseUri() {
        return baseUri;
    }

    /** The deployed context, for tests that inspect it (its servlet context, class loader, state). */
    public Context context() {
        return context;
    }

    @Override
    public void close() {
        stop(tomcat, baseDir);
    }

    private static void stop(Tomcat tomcat, Path baseDir) {
        try {
            tomcat.stop();
            tomcat.destroy();
        } catch (LifecycleException e) {
            throw new IllegalStateException("Tomcat did not stop cleanly", e);
        } finally {
            TempDirs.delete(baseDir);
        }
    }

    private static Path createTempDir() {
        try {
            return Files.createTempDirectory("sitemapkit-tomcat");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
