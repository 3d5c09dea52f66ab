package org.sitemapkit.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

/**
 * The parent class loader of a web application in an embedded Tomcat: what a real Tomcat's common class loader
 * holds, not the whole test class path. The test JVM also carries SitemapKit, the test classes and whatever the
 * tests use (Jersey, H2, Weld); were they visible, ServiceLoader files, ServletContainerInitializers and the
 * {@code @SitemapEntry} index would be found twice, once outside the WAR, and a class could come from the wrong
 * copy. Two ways to draw the line: {@link #hiding} takes away one package and its class path roots,
 * {@link #onlyJarsOf} lets through the JDK and a few named jars only.
 */
public final class ContainerClassLoader extends ClassLoader {

    static {
        registerAsParallelCapable();
    }

    /** Class path roots: hidden ones ({@link #hiding}), or the only visible ones ({@link #onlyJarsOf}). */
    private final List<String> roots;
    /** Classes of this package are refused ({@link #hiding}); null for {@link #onlyJarsOf}. */
    private final String hiddenPackage;

    private ContainerClassLoader(ClassLoader testLoader, List<String> roots, String hiddenPackage) {
        super("container-common", testLoader);
        this.roots = List.copyOf(roots);
        this.hiddenPackage = hiddenPackage;
    }

    /**
     * The test class path minus the package {@code packageName} (e.g. "org.sitemapkit"): its classes are refused,
     * and every resource of a class path root (directory or jar) that holds the package is hidden.
     */
    public static ContainerClassLoader hiding(ClassLoader testLoader, String packageName) {
        String dir = packageName.replace('.', '/') + "/";
        List<String> roots = new ArrayList<>();
        try {
            for (URL url : Collections.list(testLoader.getResources(dir))) {
                String s = url.toString();
                if (s.endsWith(dir)) {
                    roots.add(s.substring(0, s.length() - dir.length()));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (roots.isEmpty()) {
            throw new IllegalStateException("no " + dir + " on the test class path: cannot tell what to hide");
        }
        return new ContainerClassLoader(testLoader, roots, packageName + ".");
    }

    /**
     * The JDK and the jars (or class directories) that hold the {@code anchors}, e.g. Tomcat's and the Servlet
     * API's, and nothing else of the test class path. Classes are handed out as the test JVM loaded them, so a web
     * application sees the very Servlet API classes Tomcat runs with.
     */
    public static ContainerClassLoader onlyJarsOf(ClassLoader testLoader, Class<?>... anchors) {
        List<String> roots = new ArrayList<>();
        for (Class<?> anchor : anchors) {
            CodeSource source = anchor.getProtectionDomain().getCodeSource();
            if (source == null || source.getLocation() == null) {
                throw new IllegalStateException("cannot tell which jar holds " + anchor);
            }
            roots.add(source.getLocation().toExternalForm());
        }
        return new ContainerClassLoader(testLoader, roots, null);
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (hiddenPackage != null) {
            if (name.startsWith(hiddenPackage)) {
                throw new ClassNotFoundException(name + " is not visible to the container (only to the WAR)");
            }
            return super.loadClass(name, resolve);
        }
        Class<?> c = super.loadClass(name, resolve);
        ClassLoader loader = c.getClassLoader();
        if (loader == null || loader == ClassLoader.getPlatformClassLoader()) {
            return c; // the JDK
        }
        CodeSource source = c.getProtectionDomain().getCodeSource();
        if (source != null
                && source.getLocation() != null
                && isListed(source.getLocation().toExternalForm())) {
            return c;
        }
        throw new ClassNotFoundException(name + " is on the test class path only, not in the container");
    }

    @Override
    public URL getResource(String name) {
        try {
            Enumeration<URL> all = getResources(name);
            return all.hasMoreElements() ? all.nextElement() : null;
        } catch (IOException e) {
            return null;
        }
    }

    @Override
    public Enumeration<URL> getResources(String name) throws IOException {
        List<URL> visible = new ArrayList<>();
        for (URL url : Collections.list(getParent().getResources(name))) {
            if (isVisible(url.toExternalForm())) {
                visible.add(url);
            }
        }
        return Collections.enumeration(visible);
    }

    private boolean isVisible(String resource) {
        if (hiddenPackage != null) {
            return !isListed(resource);
        }
        return resource.startsWith("jrt:") || isListed(resource.startsWith("jar:") ? resource.substring(4) : resource);
    }

    private boolean isListed(String location) {
        return roots.stream().anyMatch(location::startsWith);
    }

    /** The class path roots hidden ({@link #hiding}) or shown ({@link #onlyJarsOf}), for tests of the loader itself. */
    public List<String> roots() {
        return roots;
    }
}
