package org.sitemapkit.internal.store;

import com.hazelcast.cache.HazelcastCachingProvider;
import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import java.net.URI;
import java.util.UUID;
import javax.cache.CacheManager;
import javax.cache.Caching;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The JCache store on one embedded Hazelcast member bound to 127.0.0.1 (multicast off). */
public class HazelcastJCacheStoreTest extends PageStoreContract {
    private static HazelcastInstance member;

    /** A member alone in a cluster of its own name, on loopback, joining by TCP/IP only. */
    /** A member that joins only the given members, on loopback. */
    public static Config loopbackMember(String cluster, int port, String... members) {
        Config config = new Config().setClusterName(cluster);
        config.setProperty("hazelcast.phone.home.enabled", "false");
        config.setProperty("hazelcast.logging.type", "jdk");
        config.getNetworkConfig().setPort(port).setPortAutoIncrement(true);
        config.getNetworkConfig().getInterfaces().setEnabled(true).addInterface("127.0.0.1");
        JoinConfig join = config.getNetworkConfig().getJoin();
        join.getMulticastConfig().setEnabled(false);
        join.getAutoDetectionConfig().setEnabled(false);
        join.getTcpIpConfig().setEnabled(true);
        for (String m : members) {
            join.getTcpIpConfig().addMember(m);
        }
        return config;
    }

    @BeforeAll
    static void start() {
        member = Hazelcast.newHazelcastInstance(loopbackMember("store-test-" + UUID.randomUUID(), 15_701, "127.0.0.1"));
    }

    @AfterAll
    static void stop() {
        member.shutdown();
    }

    @Override
    SectionStore store() {
        CacheManager manager = Caching.getCachingProvider(HazelcastCachingProvider.MEMBER_CACHING_PROVIDER)
                .getCacheManager(
                        URI.create("hz-" + UUID.randomUUID()),
                        getClass().getClassLoader(),
                        HazelcastCachingProvider.propertiesByInstanceItself(member));
        return new JCachePageStore(manager, "sitemapkit-" + UUID.randomUUID());
    }

    @Override
    boolean shared() {
        return true;
    }
}
