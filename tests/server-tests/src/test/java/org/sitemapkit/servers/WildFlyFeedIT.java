package org.sitemapkit.servers;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The change feed on WildFly: a JPA WAR on its Hibernate ORM, writes in container-managed JTA
 * transactions, and not one invalidate call. The WAR also lists SitemapKit's mapping file, whose
 * entity listener stands aside under Hibernate: each change is heard once.
 */
class WildFlyFeedIT {

    @Test
    void committedJpaWritesReachTheSitemapByThemselves() {
        try (Server server = WildFlyServer.start(List.of(TestWars.feed()))) {
            new FeedWar(server, TestWars.FEED).followsCommittedWrites(true);
        }
    }
}
