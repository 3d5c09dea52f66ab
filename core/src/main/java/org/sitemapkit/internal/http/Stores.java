package org.sitemapkit.internal.http;

import java.nio.file.Path;
import org.sitemapkit.PageStore;
import org.sitemapkit.internal.config.Settings;

/** The store the settings name: {@code memory}, {@code disk} or {@code jcache}. */
final class Stores {
    private Stores() {}

    static PageStore of(Settings settings, Host host) {
        switch (settings.store().kind()) {
            case DISK:
                return PageStore.disk(settings.store().dir().map(Path::of).orElseGet(host::tempDir));
            case JCACHE:
                return JCacheStores.of(settings, host.classLoader());
            default:
                return PageStore.memory();
        }
    }
}
