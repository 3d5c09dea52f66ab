package org.sitemapkit.internal.render;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * {@code lastmod=content} reads the previous render's pages back from the page store, a stored
 * file: whatever bytes are there, a page's table is read or its entries left out, never thrown.
 */
class ContentLastmodsFuzzTest {
    @FuzzTest(maxDuration = "20s")
    void previousPage(FuzzedDataProvider data) {
        byte[] entry = data.consumeBytes(200);
        byte[] page = data.consumeRemainingAsBytes();
        ContentLastmods.Table table = ContentLastmods.Table.of(page);
        table.lastmod(ContentLastmods.hash(entry, 0, entry.length), 42L);
    }
}
