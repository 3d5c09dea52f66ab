package org.sitemapkit.testsupport;

import jakarta.servlet.ServletContainerInitializer;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
 * Embedded Tomcat 11 deploying WARs the way a standalone Tomcat does, so tests see what users' Tomcats do: web.xml,
 * annotations and ServletContainerInitializers found in WEB-INF/lib and WEB-INF/classes, every class loaded by the
 * web application class loader, whose parent is a {@link ContainerClassLoader} rather than the test class path; or
 * one context that a test sets up in code, as JettyContainer's.
 */
public final class TomcatContainer implements Container {

    /** One web application: a .war file or an exploded WAR directory, its context path, its context params. */
    public record Webapp(Path war, String contextPath, Map<String, String> contextParams) {
        public Webapp {
            Container.requireContextPath(contextPath);
            contextParams = Map.copyOf(contextParams);
        }
    }

    private final Tomcat tomcat;
    /** Deleted on close: a temporary base directory this class made, or null when the caller owns it. */
    private final Path tempBaseDir;

    private final List<Context> contexts;
    private final int port;

    private TomcatContainer(Tomcat tomcat, Path tempBaseDir, List<Context> contexts, int port) {
        this.tomcat = tomcat;
        this.tempBaseDir = tempBaseDir;
        this.contexts = contexts;
        this.port = port;
    }

    /**
     * Deploys one WAR (file or directory) at {@code contextPath} ("" for the root, or e.g. "/shop") on a free port
     * of 127.0.0.1, in a temporary base directory deleted on close.
     */
    public static TomcatContainer start(
            Path war, String contextPath, Map<String, String> contextParams, ClassLoader parent) {
        return start(null, parent, List.of(new Webapp(war, contextPath, contextParams)));
    }

    /**
     * Deploys the web applications on a free port of 127.0.0.1, each with {@code parent} as its class loader's
     * parent; throws if Tomcat or any application fails to start (the cause, e.g. a filter's init exception, is in
     * Tomcat's log). {@code baseDir} is Tomcat's working directory, kept on close; null for a temporary one that is
     * deleted on close.
     */
    public static TomcatContainer start(Path baseDir, ClassLoader parent, List<Webapp> webapps) {
        if (webapps.isEmpty()) {
            throw new IllegalArgumentException("no web application to deploy");
        }
        Path tempBaseDir = baseDir == null ? Dirs.createTemp("sitemapkit-tomcat") : null;
        Tomcat tomcat = newTomcat(baseDir == null ? tempBaseDir : baseDir);
        List<Context> contexts = new ArrayList<>();
        for (Webapp webapp : webapps) {
            Context context = tomcat.addWebapp(
                    webapp.contextPath(), webapp.war().toAbsolutePath().toString());
            context.addLifecycleListener(TomcatContainer::withoutJsp);
            context.setParentClassLoader(parent);
            // WEB-INF/lib and WEB-INF/classes are scanned; the test JVM's class path is not, as in a real Tomcat.
            ((StandardJarScanner) context.getJarScanner()).setScanClassPath(false);
            webapp.contextParams().forEach(context::addParameter);
            contexts.add(context);
        }
        return start(tomcat, tempBaseDir, contexts);
    }

    /**
     * Starts a context at {@code contextPath} ("" or e.g. "/shop") that {@code setup} fills in code, as an application
     * that adds its servlets, listeners and SitemapKit's filter in a ServletContainerInitializer of its own: no
     * web.xml but Tomcat's default servlet at "/", no scanning, every class from the test class path (as JettyContainer's contexts have them), on a free
     * port of 127.0.0.1, in a temporary base directory deleted on close.
     */
    public static TomcatContainer start(
            String contextPath, Map<String, String> contextParams, ServletContainerInitializer setup) {
        Container.requireContextPath(contextPath);
        Path tempBaseDir = Dirs.createTemp("sitemapkit-tomcat");
        Tomcat tomcat = newTomcat(tempBaseDir);
        Path docBase = tempBaseDir.resolve("docroot");
        Dirs.createDirectories(docBase);
        Context context = tomcat.addContext(contextPath, docBase.toString());
        // what conf/web.xml gives every application of a real Tomcat; without a servlet that a request maps to,
        // Tomcat answers 404 before any filter runs
        Tomcat.addServlet(context, "default", "org.apache.catalina.servlets.DefaultServlet");
        context.addServletMappingDecoded("/", "default");
        contextParams.forEach(context::addParameter);
        context.addServletContainerInitializer(setup, null);
        return start(tomcat, tempBaseDir, List.of(context));
    }

    /** A Tomcat in {@code base} with one connector on a free port of 127.0.0.1, not started. */
    private static Tomcat newTomcat(Path base) {
        // Tomcat keeps catalina.home/base in system properties; the previous instance's (maybe deleted) home would
        // otherwise be re-created and left behind by this one.
        System.clearProperty(Globals.CATALINA_HOME_PROP);
        System.clearProperty(Globals.CATALINA_BASE_PROP);
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(base.toString());
        // Tomcat unpacks a WAR file into the app base; without the directory it would run from the packed WAR, slowly.
        Path appBase = base.resolve("webapps");
        Dirs.createDirectories(appBase);
        tomcat.getHost().setAppBase(appBase.toString());

        Connector connector = new Connector();
        connector.setPort(0);
        connector.setProperty("address", "127.0.0.1");
        tomcat.setConnector(connector);
        return tomcat;
    }

    /** Starts {@code tomcat}; throws, having stopped it, if it or any of {@code contexts} fails to start. */
    private static TomcatContainer start(Tomcat tomcat, Path tempBaseDir, List<Context> contexts) {
        try {
            tomcat.start();
        } catch (LifecycleException | RuntimeException e) {
            stop(tomcat, tempBaseDir);
            throw new IllegalStateException("Tomcat did not start", e);
        }
        for (Context context : contexts) {
            if (context.getState() != LifecycleState.STARTED) {
                stop(tomcat, tempBaseDir);
                throw new IllegalStateException("web application at '" + context.getPath() + "' failed to start ("
                        + context.getState() + "); Tomcat's log says why");
            }
        }
        return new TomcatContainer(
                tomcat,
                tempBaseDir,
                List.copyOf(contexts),
                tomcat.getConnector().getLocalPort());
    }

    /**
     * Drops the JSP servlet that embedded Tomcat's default web.xml declares: Jasper is not on the class path, and
     * the servlet would fail to load with a SEVERE stack trace on every start.
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

    /** The HTTP port on 127.0.0.1. */
    public int port() {
        return port;
    }

    /** The first web application's root. */
    @Override
    public URI baseUri() {
        return URI.create("http://127.0.0.1:" + port + contexts.get(0).getPath() + "/");
    }

    /** The first web application's context, for tests that inspect it (its servlet context, class loader, state). */
    public Context context() {
        return contexts.get(0);
    }

    @Override
    public void close() {
        stop(tomcat, tempBaseDir);
    }

    private static void stop(Tomcat tomcat, Path tempBaseDir) {
        try {
            tomcat.stop();
            tomcat.destroy();
        } catch (LifecycleException e) {
            throw new IllegalStateException("Tomcat did not stop cleanly", e);
        } finally {
            if (tempBaseDir != null) {
                Dirs.delete(tempBaseDir);
            }
        }
    }
}
