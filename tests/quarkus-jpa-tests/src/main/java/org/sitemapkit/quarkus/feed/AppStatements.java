package org.sitemapkit.quarkus.feed;

import io.quarkus.hibernate.orm.PersistenceUnitExtension;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.hibernate.resource.jdbc.spi.StatementInspector;

/**
 * The application's own statement inspector, as Quarkus takes one (a {@code @PersistenceUnitExtension}
 * bean): it keeps every statement it sees, so a test shows that SitemapKit's inspector, chained
 * in front of it, still hands it each statement.
 */
@PersistenceUnitExtension
@ApplicationScoped
public class AppStatements implements StatementInspector {
    private static final long serialVersionUID = 1L;

    private final transient List<String> seen = new CopyOnWriteArrayList<>();

    @Override
    public String inspect(String sql) {
        seen.add(sql);
        return sql;
    }

    /** The statements seen since start, live. */
    public List<String> seen() {
        return seen;
    }
}
