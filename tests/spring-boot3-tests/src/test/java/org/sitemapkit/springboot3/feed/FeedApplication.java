package org.sitemapkit.springboot3.feed;

import jakarta.annotation.PostConstruct;
import jakarta.persistence.EntityManagerFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.sql.DataSource;
import org.sitemapkit.model.SitemapUrl;
import org.sitemapkit.source.Jdbc;
import org.sitemapkit.source.UrlSource;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * A Boot 3.5 application with Spring Data JPA (Hibernate 6.6) over H2 or PostgreSQL: {@link Item}
 * entities listed in stable section "items" (pages of up to 400, the shared test properties'
 * {@code sitemapkit.max-urls}), and nothing that calls {@code invalidate}: the change feed in
 * SitemapKit's core is all. {@link Reads} records the id ranges each render reads.
 */
@SpringBootApplication
public class FeedApplication {
    /** Items {@code 10, 20, ... 100,000}. */
    static final int ITEMS = 10_000;

    /** One read of the items' rows: a page's id range, or the whole section; when it began. */
    record Read(long from, long to, long nanos) {}

    /** Every read of the items' rows, in order. */
    static final class Reads {
        final List<Read> list = new CopyOnWriteArrayList<>();
    }

    @Bean
    Reads reads() {
        return new Reads();
    }

    @Bean
    UrlSource items(DataSource db, Reads reads) {
        return UrlSource.stable(
                        "items",
                        (site, from, to) -> {
                            reads.list.add(new Read(from, to, System.nanoTime()));
                            return Jdbc.stream(
                                    db,
                                    "SELECT id, slug FROM feed_item WHERE id BETWEEN ? AND ? ORDER BY id",
                                    rs -> new Item(rs.getLong(1), rs.getString(2)),
                                    from,
                                    to);
                        },
                        Item::getId,
                        (item, site) -> SitemapUrl.of(site.url("/items/" + item.getId() + "/" + item.getSlug())))
                .maxUrls(400);
    }

    /** Fills the table Hibernate made (hence the factory it waits for), with plain JDBC. */
    @Component
    static class Seed {
        private final JdbcTemplate jdbc;

        Seed(JdbcTemplate jdbc, EntityManagerFactory schemaMade) {
            this.jdbc = jdbc;
        }

        @PostConstruct
        void seed() {
            List<Object[]> rows = new ArrayList<>();
            for (long id = 10; id <= 10L * ITEMS; id += 10) {
                rows.add(new Object[] {id, "i" + id});
            }
            jdbc.batchUpdate("INSERT INTO feed_item (id, slug) VALUES (?, ?)", rows);
        }
    }
}
