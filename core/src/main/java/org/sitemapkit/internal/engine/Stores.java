package org.sitemapkit.internal.engine;

import java.nio.file.Path;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.store.DiskPageStore;
import org.sitemapkit.internal.store.MemoryPageStore;
import org.sitemapkit.internal.store.SectionStore;

/** The store the settings name: {@code memory}, {@code disk} or {@code jcache}. */
final class Stores {
    private Stores() {}

    static SectionStore of(Settings settings, Host host) {
        switch (settings.store().kind()) {
            case DISK:
                return new DiskPageStore(settings.store().dir().map(Path::of).orElseGet(host::tempDir));
            case JCACHE:
                return JCacheStores.of(settings, host.classLoader());
            default:
                return new MemoryPageStore();
        }
    }
}
