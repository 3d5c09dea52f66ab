package org.sitemapkit.sample.boot;

import java.io.IOException;
import org.junit.jupiter.api.BeforeAll;
import org.sitemapkit.testsupport.PostgresServer;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * {@link ChangeFeedContract} on a real PostgreSQL server (Debian's package, started on loopback by
 * test-support; skipped where it is not installed): the shop's {@code schema.sql} and {@code
 * data.sql} run on it too.
 */
class PostgresChangeFeedTest extends ChangeFeedContract {
    private static PostgresServer postgres;

    /** Started before the context, so that a machine without PostgreSQL skips the class. */
    @BeforeAll
    static void postgres() throws IOException, InterruptedException {
        postgres = PostgresServer.shared(); // stopped when the JVM ends
    }

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        registry.add("spring.datasource.url", () -> postgres.url());
        registry.add("spring.sql.init.mode", () -> "always");
    }
}
