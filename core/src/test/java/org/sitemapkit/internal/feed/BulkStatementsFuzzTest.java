package org.sitemapkit.internal.feed;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.Locale;
import java.util.Set;

/**
 * The statement reader sees every SQL statement an application's Hibernate sends, so it must
 * never throw, whatever the text, and return names in lower case, as the entity tables are kept.
 */
class BulkStatementsFuzzTest {

    @FuzzTest(maxDuration = "20s")
    void tables(FuzzedDataProvider data) {
        String sql = data.consumeRemainingAsString();
        Set<String> tables = BulkStatements.tables(sql);
        for (String t : tables) {
            if (!t.equals(t.toLowerCase(Locale.ROOT))) {
                throw new AssertionError(t + " is not in lower case, from " + sql);
            }
        }
    }
}
