package org.sitemapkit.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The change feed on Payara, whose JPA is EclipseLink: with SitemapKit's mapping file listed in
 * persistence.xml, its entity listener and the JTA transaction's completion follow committed
 * writes as Hibernate's events do on WildFly; bulk statements are not heard there, which is said
 * once, and the explicit call catches them. The same WAR without the mapping file is named at start
 * in one WARNING line, and serves what it rendered.
 */
class PayaraMicroFeedIT {

    @Test
    void eclipseLinkWritesReachTheSitemapThroughTheMappingFileAndAnUnheardEntityIsSaid() throws Exception {
        try (Server server = PayaraMicroServer.start(List.of(TestWars.feed(), TestWars.feedUnmapped()))) {
            // both WARs share the server's default database: the unmapped one is read before any write
            assertEquals(
                    200, new FeedWar(server, TestWars.FEED_UNMAPPED).paths().size());
            FeedWar war = new FeedWar(server, TestWars.FEED);
            war.followsCommittedWrites(false);
            war.settlesOnTheTableAfterConcurrentWrites();
            war.rendersEachPageOnceForTenThousandEntities(server);
            List<String> said = ServerLog.lines(server.log()).stream()
                    .filter(l -> l.contains("org.sitemapkit.feedwar.Item marked @SitemapSection, but no Hibernate ORM"))
                    .toList();
            assertEquals(
                    1,
                    said.size(),
                    "one WARNING line, for the unmapped WAR only:\n" + ServerLog.tail(server.log(), 80));
        }
    }
}
