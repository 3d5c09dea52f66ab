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
    void committedJpaWritesReachTheSitemapByThemselves() throws Exception {
        try (Server server = WildFlyServer.start(List.of(TestWars.feed()))) {
            FeedWar war = new FeedWar(server, TestWars.FEED);
            war.followsCommittedWrites(true);
            war.settlesOnTheTableAfterConcurrentWrites();
            war.rendersEachPageOnceForTenThousandEntities(server);
        }
    }
}
