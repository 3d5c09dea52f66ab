package org.sitemapkit.servers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

/**
 * The parent of the web application class loaders of the in-process Tomcat: the JDK plus Tomcat's own jars, as a
 * standalone Tomcat's common loader is. The test JVM's class path also holds SitemapKit, Jersey, Weld and JUnit;
 * were they visible, their ServiceLoader files and initializers would be found outside the WAR, and a class could
 * come from the wrong copy. Classes Tomcat's jars hold are handed out as the test JVM loaded them, so the WAR sees
 * the very Servlet API classes Tomcat runs with.
 */
final class TomcatOnlyClassLoader extends ClassLoader {

    /** The jars that make up Tomcat: tomcat-embed-core and what it needs (tomcat-annotations-api). */
    private static final String TOMCAT_JAR_PREFIX = "tomcat-";

    static {
        registerAsParallelCapable();
    }

    private final ClassLoader testLoader;
    private final List<String> tomcatRoots;

    TomcatOnlyClassLoader(ClassLoader testLoader) {
        super("tomcat-common", ClassLoader.getPlatformClassLoader());
        this.testLoader = testLoader;
        this.tomcatRoots = tomcatRoots(testLoader);
    }

    /** The {@code jar:file:...!/} roots of the Tomcat jars on the test class path. */
    private static List<String> tomcatRoots(ClassLoader loader) {
        List<String> roots = new ArrayList<>();
        try {
            for (URL url : Collections.list(loader.getResources("META-INF/MANIFEST.MF"))) {
                String s = url.toString();
                int bang = s.indexOf("!/");
                if (s.startsWith("jar:") && bang > 0) {
                    String jar = s.substring(0, bang);
                    if (jar.substring(jar.lastIndexOf('/') + 1).startsWith(TOMCAT_JAR_PREFIX)) {
                        roots.add(s.substring(0, bang + 2));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (roots.isEmpty()) {
            throw new IllegalStateException("no tomcat-*.jar on the test class path");
        }
        return List.copyOf(roots);
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        if (findResource(name.replace('.', '/') + ".class") == null) {
            throw new ClassNotFoundException(name + " is not part of Tomcat (only the WAR may bring it)");
        }
        return testLoader.loadClass(name);
    }

    @Override
    protected URL findResource(String name) {
        Enumeration<URL> all = findResources(name);
        return all.hasMoreElements() ? all.nextElement() : null;
    }

    @Override
    protected Enumeration<URL> findResources(String name) {
        List<URL> visible = new ArrayList<>();
        try {
            for (URL url : Collections.list(testLoader.getResources(name))) {
                String s = url.toString();
                if (tomcatRoots.stream().anyMatch(s::startsWith)) {
                    visible.add(url);
                }
            }
        } catch (IOException e) {
            return Collections.emptyEnumeration();
        }
        return Collections.enumeration(visible);
    }
}
