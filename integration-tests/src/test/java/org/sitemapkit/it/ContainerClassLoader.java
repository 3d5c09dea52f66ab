package org.sitemapkit.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

/**
 * The parent class loader of a Tomcat web application in these tests: the test class path minus SitemapKit.
 * The test JVM has sitemapkit-core and the test classes on its class path, which a real Tomcat's common
 * class loader does not; hiding them makes classes, ServiceLoader files and SCIs come from the WAR only.
 */
final class ContainerClassLoader extends ClassLoader {

    private static final String HIDDEN_PACKAGE = "org.sitemapkit.";
    private static final String HIDDEN_DIR = "org/sitemapkit/";

    static {
        registerAsParallelCapable();
    }

    private final List<String> hiddenRoots;

    ContainerClassLoader(ClassLoader parent) {
        super("sitemapkit-it-container", parent);
        this.hiddenRoots = rootsHolding(parent, HIDDEN_DIR);
    }

    /** The class path roots (directories or jar:...!/ prefixes) that hold the given directory. */
    private static List<String> rootsHolding(ClassLoader loader, String dir) {
        List<String> roots = new ArrayList<>();
        try {
            for (URL url : Collections.list(loader.getResources(dir))) {
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
        return List.copyOf(roots);
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (name.startsWith(HIDDEN_PACKAGE)) {
            throw new ClassNotFoundException(name + " is not visible to the container (only to the WAR)");
        }
        return super.loadClass(name, resolve);
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
            if (!isHidden(url)) {
                visible.add(url);
            }
        }
        return Collections.enumeration(visible);
    }

    private boolean isHidden(URL url) {
        String s = url.toString();
        return hiddenRoots.stream().anyMatch(s::startsWith);
    }

    /** The hidden class path roots, for tests of the hiding itself. */
    List<String> hiddenRoots() {
        return hiddenRoots;
    }
}
