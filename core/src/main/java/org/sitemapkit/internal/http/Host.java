package org.sitemapkit.internal.http;

import java.io.IOException;
import java.nio.file.Path;
import org.sitemapkit.internal.config.Settings;

/**
 * What an adapter knows of the application it serves and {@link Documents} needs at start: its
 * settings, where its files are, its root path. The servlet filter reads them from the
 * {@code ServletContext}; the JAX-RS filter from the class path and the runtime's configuration.
 */
public interface Host {
    /** The settings, read from where this adapter reads them. */
    Settings settings();

    /** The application's root path for the start-up lines: {@code ""} or {@code /shop}. */
    String contextPath();

    /** A file of the application by its path (the {@code robots} rules file), or null when absent. */
    byte[] resource(String path) throws IOException;

    /** Where {@link #resource} looks, for a message: {@code web application}, {@code class path}. */
    String resources();

    /** The application's static robots.txt, or null when it has none that this adapter can read. */
    byte[] staticRobots();

    /** Where a disk store without {@code store-dir} keeps its files. */
    Path tempDir();

    /** The application's class loader, which a JCache provider is looked up with. */
    ClassLoader classLoader();

    /** Who serves, for the start-up line: {@code the servlet filter}, {@code the JAX-RS filter}. */
    String adapter();
}
