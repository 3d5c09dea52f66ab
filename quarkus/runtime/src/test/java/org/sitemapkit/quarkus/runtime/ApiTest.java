package org.sitemapkit.quarkus.runtime;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sitemapkit.testsupport.ApiListing;

/**
 * The public types of sitemapkit-quarkus equal the checked-in listing, api.txt: the config root users may inject,
 * and the recorder and readiness check Quarkus needs public. No unplanned change.
 */
class ApiTest {
    @Test
    void thePublicTypesAreTheListedOnes() throws Exception {
        ApiListing.check(
                Path.of("target/classes"),
                "org.sitemapkit.quarkus",
                List.of("org.sitemapkit.quarkus.runtime"),
                Path.of("api.txt"));
    }
}
