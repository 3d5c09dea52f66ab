package org.sitemapkit.internal.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import javax.cache.CacheManager;
import javax.cache.Caching;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

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

    /**
     * A node that serves another node's renders keeps copies of the pages it served, and lets go of
     * those a newer render no longer has: its heap does not grow with every render the cluster makes.
     */
    @Test
    void aNodeLetsGoOfThePagesOfRendersReplacedByAnotherNode() throws Exception {
        CacheManager manager = Caching.getCachingProvider(PROVIDER)
                .getCacheManager(
                        URI.create("caffeine-" + UUID.randomUUID()), getClass().getClassLoader());
        managers.add(manager);
        JCachePageStore a = new JCachePageStore(manager, "shared");
        JCachePageStore b = new JCachePageStore(manager, "shared");
        for (int render = 0; render < 5; render++) {
            RenderedSection written = render(a, KEY, "v" + render, 3, 1_000 + render);
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            RenderedSection read = b.latest(KEY);
            while ((read == null || read.renderedAtMillis() != written.renderedAtMillis())
                    && System.nanoTime() < until) {
                Thread.sleep(10);
                read = b.latest(KEY);
            }
            read.pages().forEach(CachedPage::gzip); // node B serves every page
        }
        assertEquals(3, b.localPageCount(), "node B keeps only the pages of the render it serves");
    }

    @AfterEach
    void close() {
        managers.forEach(CacheManager::close);
    }
}
