package org.sitemapkit.jaxrs.internal;

import jakarta.servlet.ServletContext;
import java.util.List;
import java.util.Set;
import org.sitemapkit.SitemapKit;
import org.sitemapkit.internal.entry.EntryRegistry;
import org.sitemapkit.internal.entry.ResolvedEntry;

/**
 * What the JAX-RS side keeps per web application, as a context attribute: core's registry of
 * entries, how providers are made, and whether the container's scan already placed the entries.
 */
final class Registry {
    static final String ATTRIBUTE = Registry.class.getName();

    /** Guards the one registry per context: not the context's own monitor, which is the container's. */
    private static final Object LOCK = new Object();

    private final EntryRegistry entries;
    private final ProviderFactory providers;
    private volatile boolean scanned;

    private Registry(EntryRegistry entries, ProviderFactory providers) {
        this.entries = entries;
        this.providers = providers;
    }

    static Registry of(ServletContext context) {
        synchronized (LOCK) {
            if (context.getAttribute(ATTRIBUTE) instanceof Registry existing) {
                return existing;
            }
            SitemapKit kit = SitemapKit.of(context);
            Registry r = new Registry(
                    new EntryRegistry(kit::register, kit::invalidate), new ProviderFactory(context::getAttribute));
            context.setAttribute(ATTRIBUTE, r);
            return r;
        }
    }

    /** How this web application's providers are made. */
    ProviderFactory providers() {
        return providers;
    }

    /**
     * Whether the container's scan at deployment placed the entries; a JAX-RS runtime that starts
     * later then only lends its injection, and publishes nothing of its own.
     */
    boolean scanned() {
        return scanned;
    }

    void markScanned() {
        scanned = true;
    }

    void unplaced(Set<String> sections, String why) {
        entries.unplaced(sections, why);
    }

    void publish(String key, List<ResolvedEntry> resolved) {
        entries.publish(key, resolved);
    }
}
