package org.sitemapkit.internal.engine;

import java.util.Objects;
import javax.cache.CacheManager;
import javax.cache.Caching;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.store.JCachePageStore;
import org.sitemapkit.internal.store.SectionStore;

/**
 * The JCache store from the application's default JCache provider. Kept apart, so that the
 * JCache API is loaded only when {@code store=jcache} asks for it.
 */
final class JCacheStores {
    private JCacheStores() {}

    static SectionStore of(Settings settings, ClassLoader loader) {
        try {
            Class.forName("javax.cache.Caching", false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw bad("the JCache API (javax.cache:cache-api) is not in the web application");
        }
        CacheManager manager;
        try {
            manager = Caching.getCachingProvider(loader).getCacheManager(null, loader);
        } catch (RuntimeException e) {
            throw bad("no usable JCache provider (" + e.getMessage() + "); add one such as Hazelcast to the web"
                    + " application, or give SitemapKit a store in code (SitemapKit.store(...))");
        }
        return new JCachePageStore(
                Objects.requireNonNull(manager, "manager"), settings.store().jcacheCache());
    }

    private static IllegalArgumentException bad(String why) {
        return new IllegalArgumentException("bad SitemapKit setting sitemapkit.store=\"jcache\": " + why);
    }
}
