package org.sitemapkit.it.probe;

import jakarta.servlet.ServletContainerInitializer;
import jakarta.servlet.ServletContext;
import java.util.Set;

/**
 * A ServletContainerInitializer that {@code ContainerDropInTest} packs into a jar in a WAR's WEB-INF/lib,
 * to prove the Tomcat harness discovers SCIs there the way SitemapKit's own is meant to be found.
 */
public final class ProbeInitializer implements ServletContainerInitializer {

    @Override
    public void onStartup(Set<Class<?>> classes, ServletContext context) {
        context.addServlet("probe", new ProbeServlet()).addMapping("/probe");
    }
}
