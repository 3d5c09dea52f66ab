package org.sitemapkit.internal.store;

import java.nio.file.Path;
import java.util.UUID;
import javax.cache.CacheManager;
import javax.cache.Caching;
import org.sitemapkit.testsupport.Dirs;
import org.sitemapkit.testsupport.RedisServer;

/**
 * One redis-server for the Redis tests of a class, and Redisson JCache managers on it, each with a
 * Redisson client of its own, as each node of a cluster has.
 */
public final class RedissonNodes {
    public static final String PROVIDER = "org.redisson.jcache.JCachingProvider";

    private static RedisServer redis;
    private static Path configs;

    private RedissonNodes() {}

    /**
     * The server, started on first use; call it from {@code @BeforeEach}, so that where redis-server
     * is not installed each test is reported skipped, with the package to install.
     */
    public static synchronized RedisServer server() {
        if (redis == null) {
            redis = RedisServer.start();
            configs = Dirs.createTemp("sitemapkit-redisson-");
        }
        return redis;
    }

    /**
     * A cache manager with a client of its own: Redisson's provider reads the client's settings
     * from the YAML file the URI names (a {@code MutableConfiguration} given to createCache then
     * uses that client), and keeps one manager per URI, so each gets a file of its own. Small pools
     * and thread counts, for a test machine; the timeouts are Redisson's defaults unless {@code
     * extra} (lines of {@code singleServerConfig}) sets them.
     */
    public static CacheManager node(String extra) {
        Path yaml = configs.resolve("redisson-" + UUID.randomUUID() + ".yaml");
        Dirs.write(
                yaml,
                "singleServerConfig:\n"
                        + "  address: \"" + redis.address() + "\"\n"
                        + "  connectionMinimumIdleSize: 1\n"
                        + "  connectionPoolSize: 4\n"
                        + "  subscriptionConnectionMinimumIdleSize: 1\n"
                        + "  subscriptionConnectionPoolSize: 4\n"
                        + extra
                        + "threads: 2\n"
                        + "nettyThreads: 4\n");
        return Caching.getCachingProvider(PROVIDER).getCacheManager(yaml.toUri(), RedissonNodes.class.getClassLoader());
    }

    /**
     * Client settings that bound each call well under the JCache store's 2 s: Redisson's defaults
     * retry a call for up to about 20 s against a server that does not answer.
     */
    public static final String BOUNDED =
            "  timeout: 500\n  connectTimeout: 500\n  retryAttempts: 1\n  retryInterval: 200\n";

    /** Kills the server and deletes the clients' settings; call it from {@code @AfterAll}. */
    public static synchronized void stop() {
        if (redis != null) {
            redis.close();
            redis = null;
        }
        if (configs != null) {
            Dirs.delete(configs);
            configs = null;
        }
    }
}
