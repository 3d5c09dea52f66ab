package org.sitemapkit.jaxrs.internal;

import java.lang.ref.WeakReference;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * The servlet context of each web application, by its class loader, as {@link SitemapEntryInitializer} sees it
 * start: where {@link HealthExtension}'s check, called on a server's management thread, finds the status the
 * servlet filter publishes. Weak both ways, so an undeployed application is not held; typed {@code Object} so that
 * this class names no servlet type.
 */
final class ServletContexts {
    private static final Map<ClassLoader, WeakReference<Object>> BY_LOADER = new WeakHashMap<>();

    private ServletContexts() {}

    static synchronized void started(ClassLoader loader, Object context) {
        BY_LOADER.put(loader, new WeakReference<>(context));
    }

    /** The servlet context of the application whose class loader this is, or null where none started. */
    static synchronized Object of(ClassLoader loader) {
        WeakReference<Object> ref = BY_LOADER.get(loader);
        return ref == null ? null : ref.get();
    }
}
