package org.sitemapkit.test;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sitemapkit.testsupport.ApiListing;

/** The API of sitemapkit-test (org.sitemapkit.test) equals its checked-in listing, api.txt. */
class ApiTest {
    @Test
    void theApiIsTheListedOne() throws Exception {
        ApiListing.check(
                Path.of("target/classes"), "org.sitemapkit.test", List.of("org.sitemapkit.test"), Path.of("api.txt"));
    }
}
