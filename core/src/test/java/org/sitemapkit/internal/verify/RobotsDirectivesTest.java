package org.sitemapkit.internal.verify;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** X-Robots-Tag values and robots meta contents as search engines document them. */
class RobotsDirectivesTest {

    @Test
    void noindexAndNoneKeepAPageOutForAnyCrawler() {
        assertTrue(RobotsDirectives.noindex("noindex"));
        assertTrue(RobotsDirectives.noindex("NoIndex, nofollow"));
        assertTrue(RobotsDirectives.noindex("none"));
        assertTrue(RobotsDirectives.noindex("googlebot: noindex"));
        assertTrue(RobotsDirectives.noindex("unavailable_after: 25 Jun 2010 15:00:00 PST, noindex"));
        assertTrue(RobotsDirectives.noindex("bingbot: nofollow, noindex"));
    }

    @Test
    void otherDirectivesDoNot() {
        assertFalse(RobotsDirectives.noindex(null));
        assertFalse(RobotsDirectives.noindex(""));
        assertFalse(RobotsDirectives.noindex("index, follow"));
        assertFalse(RobotsDirectives.noindex("nofollow, noarchive"));
        assertFalse(RobotsDirectives.noindex("max-snippet: -1, max-image-preview: large"));
        assertFalse(RobotsDirectives.noindex("unavailable_after: 2030-01-01"));
        assertFalse(RobotsDirectives.noindex("noindexing"));
    }
}
