package org.sitemapkit.sample;

import java.io.IOException;
import java.net.URL;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

/**
 * The parent class loader of the WAR in {@link TomcatWar}: the JDK and Tomcat's own jars (which hold the Servlet
 * API), and nothing else of the test class path, which a real Tomcat's common class loader would not have either.
 * The test class path also carries SitemapKit, Jersey, H2 and the sample's classes (the Jetty run needs them);
 * without this, ServiceLoader files, ServletContainerInitializers and the {@code @SitemapEntry} index would be
 * found twice, once outside the WAR. Adapted from integration-tests' {@code ContainerClassLoader}, which hides
 * {@code org.sitemapkit} only; this one lets through only what it knows, since Jersey and H2 leak the same way.
 */
final class WebappParentLoader extends ClassLoader {

    static {
        registerAsParallelCapable();
    }

    /** Code source locations ({@code file:/.../tomcat-embed-core-11.0.14.jar}) the web application may see. */
    private final List<String> visible = new ArrayList<>();

    /**
     * @param parent the test class loader
     * @param anchors one class of each jar to let through, e.g. Tomcat's and the Servlet API's
     */
    WebappParentLoader(ClassLoader parent, Class<?>... anchors) {
        super("sample-webapp-parent", parent);
        for (Class<?> anchor : anchors) {
            CodeSource source = anchor.getProtectionDomain().getCodeSource();
            if (source == null || source.getLocation() == null) {
                throw new IllegalStateException("cannot tell which jar holds " + anchor);
            }
            visible.add(source.getLocation().toExternalForm());
        }
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        Class<?> c = super.loadClass(name, resolve);
        ClassLoader loader = c.getClassLoader();
        if (loader == null || loader == ClassLoader.getPlatformClassLoader()) {
            return c; // the JDK
        }
        CodeSource source = c.getProtectionDomain().getCodeSource();
        if (source != null
                && source.getLocation() != null
                && isVisible(source.getLocation().toExternalForm())) {
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
        List<URL> found = new ArrayList<>();
        for (URL url : Collections.list(getParent().getResources(name))) {
            String s = url.toExternalForm();
            if (s.startsWith("jrt:") || isVisible(s.startsWith("jar:") ? s.substring(4) : s)) {
                found.add(url);
            }
        }
        return Collections.enumeration(found);
    }

    private boolean isVisible(String location) {
        return visible.stream().anyMatch(location::startsWith);
    }
}
