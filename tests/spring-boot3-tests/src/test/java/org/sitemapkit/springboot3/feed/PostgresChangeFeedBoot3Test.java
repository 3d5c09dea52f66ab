package org.sitemapkit.springboot3.feed;

import java.io.IOException;
import org.junit.jupiter.api.BeforeAll;
import org.sitemapkit.testsupport.PostgresServer;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * {@link ChangeFeedBoot3Test} on a real PostgreSQL server (Debian's package, started on loopback by
 * test-support; skipped where it is not installed): the same tests, with Hibernate 6.6 making the
 * table there. Dynamic properties win over the H2 URL of the inherited {@code @SpringBootTest}.
 */
class PostgresChangeFeedBoot3Test extends ChangeFeedBoot3Test {
    private static PostgresServer postgres;

    /** Started before the context, so that a machine without PostgreSQL skips the class. */
    @BeforeAll
    static void postgres() throws IOException, InterruptedException {
        postgres = PostgresServer.shared(); // stopped when the JVM ends
    }

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        registry.add("spring.datasource.url", () -> postgres.url());
    }
}
