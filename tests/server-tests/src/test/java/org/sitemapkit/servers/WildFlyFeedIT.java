package org.sitemapkit.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The change feed on WildFly: a JPA WAR on its Hibernate ORM, writes in container-managed JTA
 * transactions, and not one invalidate call. Committed updates, inserts, deletes and a bulk JPQL
 * update reach the sitemap; a rolled-back write does not; an update changes only its own page.
 */
class WildFlyFeedIT {

    @Test
    void committedJpaWritesReachTheSitemapByThemselves() {
        try (Server server = WildFlyServer.start(List.of(TestWars.feed()))) {
            FeedWar war = new FeedWar(server);
            Set<String> expected = new TreeSet<>();
            for (long id = 10; id <= 2_000; id += 10) {
                expected.add("/items/" + id + "/i" + id);
            }
            assertEquals(expected, war.paths());
            Map<String, String> before = war.pages();

            war.write("PUT", "items/500?slug=renamed");
            war.crawlUntil(c -> c.paths(server.base(TestWars.FEED)).contains("/items/500/renamed"));
            Map<String, String> after = war.pages();
            List<String> changed = before.keySet().stream()
                    .filter(p -> !before.get(p).equals(after.get(p)))
                    .toList();
            assertEquals(1, changed.size(), "one page changed: " + changed);
            assertTrue(after.get(changed.get(0)).contains("/items/500/renamed"));
            expected.remove("/items/500/i500");
            expected.add("/items/500/renamed");

            war.write("PUT", "items/700/rolled-back?slug=never");
            war.write("POST", "items/705?slug=added");
            expected.add("/items/705/added");
            war.crawlUntil(c -> c.paths(server.base(TestWars.FEED)).contains("/items/705/added"));

            war.write("DELETE", "items/20");
            expected.remove("/items/20/i20");
            war.crawlUntil(c -> !c.paths(server.base(TestWars.FEED)).contains("/items/20/i20"));

            war.write("POST", "items/bulk?prefix=b&max=100");
            for (long id = 10; id <= 100; id += 10) {
                if (expected.remove("/items/" + id + "/i" + id)) {
                    expected.add("/items/" + id + "/bi" + id);
                }
            }
            war.crawlUntil(c -> c.paths(server.base(TestWars.FEED)).contains("/items/100/bi100"));
            assertEquals(expected, war.paths(), "the rolled-back rename changed nothing; the rest is the table");
        }
    }
}
