package org.sitemapkit.internal.servlet;

import jakarta.servlet.ServletContext;
import java.util.Objects;

/**
 * The application's static robots.txt where it is no servlet-context resource (Spring Boot's
 * {@code classpath:/static}), handed over by the adapter that knows where the application keeps
 * its static files, so that the first render already keeps its rules.
 */
public final class StaticRobots {
    /** The context attribute: the file's bytes. */
    public static final String ATTRIBUTE = StaticRobots.class.getName();

    private StaticRobots() {}

    /** Hands over the file, before the filter starts. */
    public static void set(ServletContext context, byte[] file) {
        context.setAttribute(ATTRIBUTE, Objects.requireNonNull(file, "file").clone());
    }

    /** The file handed over, or null. */
    public static byte[] get(ServletContext context) {
        return context.getAttribute(ATTRIBUTE) instanceof byte[] file ? file.clone() : null;
    }
}
