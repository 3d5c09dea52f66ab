package org.sitemapkit.springboot;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javax.cache.Cache;
import javax.cache.CacheManager;
import org.junit.jupiter.api.Test;
import org.sitemapkit.springboot.app.ShopApplication;
import org.sitemapkit.testsupport.Crawl;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.cache.annotation.EnableCaching;

/**
 * {@code sitemapkit.store=jcache} uses the {@code CacheManager} of Boot's cache auto-configuration
 * (here Caffeine's JCache provider), not one of SitemapKit's own making.
 */
@SpringBootTest(
        classes = {ShopApplication.class, JCacheStoreTest.Caching.class},
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"sitemapkit.store=jcache", "sitemapkit.jcache-cache=shop-sitemaps", "spring.cache.type=jcache"})
class JCacheStoreTest {
    @TestConfiguration(proxyBeanMethods = false)
    @EnableCaching
    static class Caching {}

    @Value("${local.server.port}")
    int port;

    @Autowired
    CacheManager bootsCacheManager;

    @Test
    void thePagesAreInTheCacheOfBootsCacheManager() {
        String origin = "http://127.0.0.1:" + port;
        Crawl.assertSameSet(
                ShopSitemapTest.expected(), Crawl.of(origin + "/sitemap.xml").paths(origin));
        Cache<Object, Object> pages = bootsCacheManager.getCache("shop-sitemaps");
        assertNotNull(pages, "the cache sitemapkit.jcache-cache names, in Boot's CacheManager");
        int entries = 0;
        for (Cache.Entry<Object, Object> ignored : pages) {
            entries++;
        }
        assertTrue(entries > 0, "pages stored in Boot's cache");
    }
}
