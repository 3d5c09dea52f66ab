package org.sitemapkit.internal.service;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.sitemapkit.store.CachedPage;
import org.sitemapkit.store.DiskPageStore;
import org.sitemapkit.store.RenderedSection;

/**
 * How the engine reaches what the store package keeps package-private, so that its public types
 * show users only what users call (the JDK's "shared secrets"). The store package installs the
 * one implementation when its classes load.
 */
public final class StoreAccess {
    /** What the engine needs of the store's values beyond their public methods. */
    public interface Bridge {
        CachedPage page(byte[] gzip, int identityLength, int urlCount, String lastmod, long lastModifiedMillis);

        RenderedSection section(
                String section,
                long renderedAtMillis,
                List<CachedPage> pages,
                Map<String, Long> skipped,
                long[] boundaries);

        long[] boundaries(RenderedSection section);

        long renderedAtMillis(RenderedSection section);

        String version(RenderedSection section);

        Path directory(DiskPageStore store);
    }

    private static volatile Bridge bridge;

    private StoreAccess() {}

    /** Called once, by the store package. */
    public static void install(Bridge installed) {
        bridge = installed;
    }

    static Bridge get() {
        Bridge b = bridge;
        if (b == null) {
            try { // loading CachedPage installs the bridge
                Class.forName(CachedPage.class.getName(), true, CachedPage.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
            b = bridge;
        }
        return b;
    }
}
