package org.sitemapkit.sample;

import com.hazelcast.cache.HazelcastCachingProvider;
import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import java.util.List;
import javax.cache.CacheManager;
import javax.cache.Caching;
import org.sitemapkit.PageStore;
import org.sitemapkit.SitemapKit;

/**
 * {@code --cluster}: this instance joins the other shop instances as an embedded Hazelcast member on
 * 127.0.0.1 (TCP/IP join, multicast off) and hands SitemapKit a JCache store on it, so that the instances
 * render each section once between them and serve the same bytes. The member starts and stops with the
 * web application.
 *
 * @param members the members to join, as {@code host:port}, this one included
 * @param port this member's port
 */
public record ShopCluster(List<String> members, int port) implements ServletContextListener {

    /** Checks the values. */
    public ShopCluster {
        members = List.copyOf(members);
        if (members.isEmpty()) {
            throw new IllegalArgumentException("--cluster needs at least one host:port");
        }
        if (port < 1 || port > 65_535) {
            throw new IllegalArgumentException("--cluster-port must be 1 to 65535: " + port);
        }
    }

    @Override
    public void contextInitialized(ServletContextEvent event) {
        Config config = new Config().setClusterName("sitemapkit-sample");
        config.setProperty("hazelcast.phone.home.enabled", "false");
        config.setProperty("hazelcast.logging.type", "jdk");
        config.getNetworkConfig().setPort(port).setPortAutoIncrement(false);
        config.getNetworkConfig().getInterfaces().setEnabled(true).addInterface("127.0.0.1");
        config.setProperty("hazelcast.socket.bind.any", "false"); // listen on 127.0.0.1 too, not on every address
        JoinConfig join = config.getNetworkConfig().getJoin();
        join.getMulticastConfig().setEnabled(false);
        join.getAutoDetectionConfig().setEnabled(false);
        join.getTcpIpConfig().setEnabled(true).setMembers(members);
        HazelcastInstance member = Hazelcast.newHazelcastInstance(config);
        event.getServletContext().setAttribute(HazelcastInstance.class.getName(), member);
        CacheManager manager = Caching.getCachingProvider(HazelcastCachingProvider.MEMBER_CACHING_PROVIDER)
                .getCacheManager(null, null, HazelcastCachingProvider.propertiesByInstanceItself(member));
        PageStore store = PageStore.jcache(manager, "sitemapkit");
        event.getServletContext().setAttribute(PageStore.class.getName(), store);
        SitemapKit.of(event.getServletContext()).store(store);
    }

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        if (event.getServletContext().getAttribute(PageStore.class.getName()) instanceof PageStore store) {
            store.close();
        }
        Object member = event.getServletContext().getAttribute(HazelcastInstance.class.getName());
        if (member instanceof HazelcastInstance hz) {
            hz.shutdown();
        }
    }
}
