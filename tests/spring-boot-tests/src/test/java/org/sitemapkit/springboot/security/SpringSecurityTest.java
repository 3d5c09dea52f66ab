package org.sitemapkit.springboot.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.sitemapkit.springboot.app.ShopApplication;
import org.sitemapkit.testsupport.Crawl;
import org.sitemapkit.testsupport.Http;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.TestPropertySource;

/**
 * The shop with Spring Security: SitemapKit's filter runs after the security chain, so the
 * application's rules govern the sitemap's URLs; {@code sitemapkit.spring.filter-order=before-security}
 * makes them public whatever the rules. Run only with Spring Security on the class path (the
 * {@code security} execution, by its tag).
 */
@Tag("spring-security")
@TestPropertySource(
        properties = {"spring.security.user.name=" + Staging.USER, "spring.security.user.password=" + Staging.PASSWORD})
class SpringSecurityTest {
    /** One shop, started by the nested class's annotation. */
    abstract static class Shop {
        @Value("${local.server.port}")
        int port;

        String origin() {
            return "http://127.0.0.1:" + port;
        }
    }

    /** Every kind of URL SitemapKit answers. */
    static List<String> sitemapUrls(String origin) {
        String index = Http.get(origin + "/sitemap.xml", Staging.basic()).text();
        int at = index.indexOf("<loc>") + 5;
        String page = index.substring(at, index.indexOf("</loc>", at));
        return List.of(
                origin + "/sitemap.xml",
                page,
                page.replace(".xml", ".xml.gz"),
                origin + "/sitemap.html",
                origin + "/robots.txt");
    }

    @Nested
    @SpringBootTest(
            classes = {ShopApplication.class, Staging.EverythingBehindLogin.class},
            webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
    class StagingBehindLogin extends Shop {
        @Test
        void everySitemapUrlNeedsTheLogin() {
            String origin = origin();
            for (String url : sitemapUrls(origin)) {
                assertEquals(401, Http.get(url).status(), url);
                assertEquals(200, Http.get(url, Staging.basic()).status(), url);
            }
            String index = Http.get(origin + "/sitemap.xml", Staging.basic()).text();
            assertTrue(index.contains("<sitemapindex"), index);
        }
    }

    @Nested
    @SpringBootTest(
            classes = {ShopApplication.class, Staging.SitemapPublic.class},
            webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
    class SitemapPermitted extends Shop {
        @Test
        void theSitemapIsPublicThePagesAreNot() {
            String origin = origin();
            for (String url : sitemapUrls(origin)) {
                assertEquals(200, Http.get(url).status(), url);
            }
            assertEquals(401, Http.get(origin + "/about").status());
            // a crawler reads the whole sitemap without a login
            assertTrue(Crawl.of(origin + "/sitemap.xml").paths(origin).contains("/about"));
        }
    }

    @Nested
    @SpringBootTest(
            classes = {ShopApplication.class, Staging.EverythingBehindLogin.class},
            webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
            properties = "sitemapkit.spring.filter-order=before-security")
    class PublicBySetting extends Shop {
        @Test
        void theSitemapIsPublicWhateverTheRules() {
            String origin = origin();
            List<String> urls = sitemapUrls(origin);
            for (String url : urls.subList(0, 4)) {
                assertEquals(200, Http.get(url).status(), url);
            }
            assertEquals(401, Http.get(origin + "/about").status());
        }
    }
}
