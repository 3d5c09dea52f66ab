package org.sitemapkit.internal.store;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import javax.cache.CacheManager;
import javax.cache.Caching;
import org.junit.jupiter.api.AfterEach;

/** The JCache store on Caffeine's JCache provider: nothing in it is Hazelcast's. */
class CaffeineJCacheStoreTest extends PageStoreContract {
    static final String PROVIDER = "com.github.benmanes.caffeine.jcache.spi.CaffeineCachingProvider";
    private final List<CacheManager> managers = new ArrayList<>();

    @Override
    SectionStore store() {
        CacheManager manager = Caching.getCachingProvider(PROVIDER)
                .getCacheManager(
                        URI.create("caffeine-" + UUID.randomUUID()), getClass().getClassLoader());
        managers.add(manager);
        return new JCachePageStore(manager, "sitemapkit");
    }

    @Override
    boolean shared() {
        return true;
    }

    @AfterEach
    void close() {
        managers.forEach(CacheManager::close);
    }
}
