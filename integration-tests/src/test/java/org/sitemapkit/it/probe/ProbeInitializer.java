package org.sitemapkit.it.probe;

import java.util.Set;

import jakarta.servlet.ServletContainerInitializer;
import jakarta.servlet.ServletContext;

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
