package org.sitemapkit.internal.store;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import javax.cache.CacheManager;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * The JCache store on Redis, through Redisson's JCache provider, against Debian's redis-server on
 * loopback (skipped where it is not installed). Each store has a client of its own, as a node
 * would, and caches no other test uses.
 */
class RedissonJCacheStoreTest extends PageStoreContract {
    private final List<CacheManager> managers = new ArrayList<>();

    @BeforeEach
    void start() {
        RedissonNodes.server();
    }

    @AfterAll
    static void stop() {
        RedissonNodes.stop();
    }

    @Override
    SectionStore store() {
        CacheManager manager = RedissonNodes.node("");
        managers.add(manager);
        return new JCachePageStore(manager, "sitemapkit-" + UUID.randomUUID());
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
