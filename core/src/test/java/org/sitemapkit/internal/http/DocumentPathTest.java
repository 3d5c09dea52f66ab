package org.sitemapkit.internal.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** Page and index names parse alike the first time, from the kept matches, and past their bound. */
class DocumentPathTest {
    private static void page(String path, String section, int number, boolean gz) {
        DocumentPath d = DocumentPath.parse(path, null, served -> true);
        assertEquals(DocumentPath.Kind.PAGE, d.kind, path);
        assertEquals(section, d.section, path);
        assertEquals(number, d.number, path);
        assertEquals(gz, d.gzipFile, path);
    }

    @Test
    void theSameNameParsesAlikeEveryTime() {
        for (int i = 0; i < 3; i++) {
            page("/sitemap-products-3.xml", "products", 3, false);
            page("/sitemap-products-3.xml.gz", "products", 3, true);
            page("/sitemap-a-b-7.xml", "a-b", 7, false);
            DocumentPath index = DocumentPath.parse("/sitemap-2.xml", null);
            assertEquals(DocumentPath.Kind.INDEX, index.kind);
            assertEquals(2, index.number);
            assertNull(DocumentPath.parse("/sitemap-products-0.xml", null));
            assertNull(DocumentPath.parse("/sitemap-products-01.xml", null));
            assertNull(DocumentPath.parse("/sitemap-Products-1.xml", null));
            assertNull(DocumentPath.parse("/sitemap--1.xml", null));
            assertNull(DocumentPath.parse("/sitemap-products-1.xml.gz.gz", null));
        }
    }

    @Test
    void moreNamesThanAreKeptStillParse() {
        for (int round = 0; round < 2; round++) {
            for (int n = 1; n <= 3000; n++) {
                page("/sitemap-items-" + n + ".xml", "items", n, false);
            }
        }
    }

    @Test
    void theIndexNowKeyFileIsNotAPage() {
        assertEquals(DocumentPath.Kind.INDEXNOW_KEY, DocumentPath.parse("/sitemap-key-1.txt", "sitemap-key-1").kind);
        assertNull(DocumentPath.parse("/sitemap-key-1.txt", null));
        page("/sitemap-key-1.xml", "key", 1, false);
    }
}
