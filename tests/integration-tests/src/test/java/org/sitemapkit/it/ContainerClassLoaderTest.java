package org.sitemapkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.sitemapkit.testsupport.ContainerClassLoader;

/** What Tomcat's web applications see above themselves: the container, without SitemapKit. */
class ContainerClassLoaderTest {

    private final ClassLoader testLoader = getClass().getClassLoader();
    private final ContainerClassLoader loader = ContainerClassLoader.hiding(testLoader, "org.sitemapkit");

    @Test
    void hidesSitemapKitClasses() {
        assertThrows(ClassNotFoundException.class, () -> loader.loadClass(TestWar.class.getName()));
    }

    @Test
    void showsTheContainerAndTheJdk() throws ClassNotFoundException {
        assertEquals(testLoader.loadClass("jakarta.servlet.Servlet"), loader.loadClass("jakarta.servlet.Servlet"));
        assertEquals(String.class, loader.loadClass("java.lang.String"));
        assertNotNull(loader.getResource("jakarta/servlet/Servlet.class"));
    }

    @Test
    void hidesTheResourcesOfTheTestClassesAndOfTheCoreJar() throws IOException {
        assertTrue(
                loader.roots().stream().anyMatch(r -> r.endsWith("/test-classes/")),
                loader.roots().toString());
        assertTrue(loader.roots().size() >= 2, loader.roots().toString());
        assertFalse(loader.getResources("org/sitemapkit/").hasMoreElements());
        assertNull(loader.getResource("logging.properties"));
        assertNotNull(testLoader.getResource("logging.properties"));
    }
}
