package org.sitemapkit.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sitemapkit.testsupport.Container;
import org.sitemapkit.testsupport.Http;

/**
 * The contract on Tomcat 11, with the test WAR deployed as users deploy theirs: the core jar in
 * WEB-INF/lib and nothing about SitemapKit in web.xml.
 */
class TomcatSitemapTest extends SitemapContract {
    @Override
    Container start(String contextPath, Map<String, String> params) {
        return TestWar.onTomcat(contextPath, params);
    }

    @Test
    void autoRegistrationCanBeTurnedOff() throws Exception {
        Map<String, String> params = new HashMap<>(PARAMS);
        params.put("sitemapkit.auto-register", "false");
        try (Container off = start("", params)) {
            assertEquals(404, Http.get(off.baseUri().resolve("sitemap.xml")).status());
            assertEquals(
                    "User-agent: *\nDisallow: /private/\nCrawl-delay: 5\n",
                    Http.get(off.baseUri().resolve("robots.txt")).text(),
                    "the WAR's own static file again");
        }
    }
}
