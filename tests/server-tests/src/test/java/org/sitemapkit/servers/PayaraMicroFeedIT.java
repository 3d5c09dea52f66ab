package org.sitemapkit.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The change feed where it cannot hear: Payara's JPA is EclipseLink, which the feed does not
 * listen to. The WAR's {@code @SitemapSection} entity is named at start in one WARNING line, and
 * the sitemap still serves the table as rendered.
 */
class PayaraMicroFeedIT {

    @Test
    void anEntityNoOrmListenerHearsIsSaidAtStart() {
        try (Server server = PayaraMicroServer.start(List.of(TestWars.feed()))) {
            FeedWar war = new FeedWar(server);
            assertEquals(200, war.paths().size());
            List<String> said = ServerLog.lines(server.log()).stream()
                    .filter(l -> l.contains("org.sitemapkit.feedwar.Item marked @SitemapSection, but no Hibernate ORM"))
                    .toList();
            assertEquals(1, said.size(), "one WARNING line names the entity:\n" + ServerLog.tail(server.log(), 60));
        }
    }
}
