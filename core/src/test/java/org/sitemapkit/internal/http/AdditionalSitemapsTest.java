package org.sitemapkit.internal.http;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.sitemapkit.internal.config.Settings;

/** An additional sitemap may be any of the application's documents, never one of SitemapKit's own. */
class AdditionalSitemapsTest {
    static Settings listing(String... locs) {
        return Settings.builder().additionalSitemaps(List.of(locs)).build();
    }

    @Test
    void sitemapKitsOwnDocumentsAreRefusedNamingTheKey() {
        for (String own : List.of("/sitemap.xml", "/sitemap-2.xml", "https://shop.example.com/robots.txt")) {
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class, () -> Documents.checkAdditionalSitemaps(listing(own), ""));
            assertTrue(e.getMessage().contains("sitemapkit.additional-sitemaps"), e.getMessage());
            assertTrue(e.getMessage().contains(own), e.getMessage());
        }
        assertThrows(
                IllegalArgumentException.class,
                () -> Documents.checkAdditionalSitemaps(listing("/shop/sitemap.xml"), "/shop"));
    }

    @Test
    void theApplicationsOwnSitemapsAreFine() {
        Documents.checkAdditionalSitemaps(
                listing(
                        "/blog/sitemap.xml",
                        "/sitemap-blog.xml",
                        "/sitemap.xml.bak",
                        "https://shop.example.com/news.xml"),
                "");
        // in a /shop context, the host root's /sitemap.xml is not SitemapKit's
        Documents.checkAdditionalSitemaps(listing("/sitemap.xml"), "/shop");
    }
}
