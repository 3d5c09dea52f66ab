package org.sitemapkit.internal.engine;

import java.nio.file.Path;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.robots.RobotsFiles;

/**
 * What an adapter knows of the application it serves and the {@link Engine} needs at start: its
 * settings, where its files are, its root path. The servlet filter reads them from the
 * {@code ServletContext}; the JAX-RS filter from the class path and the runtime's configuration.
 */
public interface Host extends RobotsFiles.Source {
    /** The settings, read from where this adapter reads them. */
    Settings settings();

    /** The application's root path for the start-up lines: {@code ""} or {@code /shop}. */
    String contextPath();

    /** Where a disk store without {@code store-dir} keeps its files. */
    Path tempDir();

    /** The application's class loader, which a JCache provider is looked up with. */
    ClassLoader classLoader();

    /** Who serves, for the start-up line: {@code the servlet filter}, {@code the JAX-RS filter}. */
    String adapter();

    /**
     * Whether the application's pages live under {@link #contextPath()} (a servlet context path),
     * so that a {@code base-url} naming only an origin means the origin plus that path.
     */
    default boolean pagesUnderContextPath() {
        return false;
    }

    /**
     * Whether the adapter tells the engine the address requests arrive on ({@link
     * Engine#arrivedOn}), which page checks are sent to: the servlet filter does, and the JAX-RS
     * filter where its runtime tells it (Quarkus REST, a servlet container); elsewhere (Helidon,
     * Jersey's own servers) checks need {@code verify-origin}.
     */
    default boolean learnsOrigin() {
        return false;
    }
}
