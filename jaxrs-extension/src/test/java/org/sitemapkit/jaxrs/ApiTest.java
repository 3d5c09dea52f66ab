package org.sitemapkit.jaxrs;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.sitemapkit.testsupport.ApiListing;

/** The exported API of sitemapkit-jaxrs equals its checked-in listing, api.txt: no unplanned change. */
class ApiTest {
    @Test
    void theExportedApiIsTheListedOne() throws Exception {
        ApiListing.check(Path.of("target/classes"), Path.of("api.txt"));
    }
}
