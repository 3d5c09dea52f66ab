package org.sitemapkit;

import jakarta.servlet.ServletContext;
import java.io.File;
import java.nio.file.Path;
import org.sitemapkit.internal.config.Settings;

/** The store the settings name: {@code memory}, {@code disk} or {@code jcache}. */
final class Stores {
    private Stores() {}

    static PageStore of(Settings settings, ServletContext context) {
        switch (settings.store().kind()) {
            case DISK:
                return PageStore.disk(settings.store().dir().map(Path::of).orElseGet(() -> tempDir(context)));
            case JCACHE:
                return JCacheStores.of(settings, context);
            default:
                return PageStore.memory();
        }
    }

    /** The container's temporary directory for this application, as the Servlet spec provides it. */
    private static Path tempDir(ServletContext context) {
        Object dir = context.getAttribute(ServletContext.TEMPDIR);
        if (dir instanceof File) {
            return ((File) dir).toPath().resolve("sitemapkit");
        }
        return Path.of(
                System.getProperty("java.io.tmpdir"),
                "sitemapkit" + context.getContextPath().replace('/', '-'));
    }
}
