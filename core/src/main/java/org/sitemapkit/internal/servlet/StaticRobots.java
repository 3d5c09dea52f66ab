package org.sitemapkit.internal.servlet;

import jakarta.servlet.ServletContext;
import java.io.IOException;
import java.io.InputStream;
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

    /**
     * The web application's static {@code /robots.txt}; else the one an adapter handed over; null
     * when it has neither, or the file cannot be read.
     */
    public static byte[] of(ServletContext context) {
        try (InputStream in = context.getResourceAsStream("/robots.txt")) {
            if (in != null) {
                return in.readAllBytes();
            }
        } catch (IOException e) {
            // unreadable: as if absent
        }
        return get(context);
    }

    /** The file handed over, or null. */
    public static byte[] get(ServletContext context) {
        return context.getAttribute(ATTRIBUTE) instanceof byte[] file ? file.clone() : null;
    }
}
