package org.sitemapkit.internal.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The table of settings is the documentation's: same keys, same defaults, same words. */
class SettingsTableTest {
    @Test
    void theConfigurationPageShowsExactlyTheTable() throws Exception {
        String page = Files.readString(Path.of("..", "docs", "configuration.md"), StandardCharsets.UTF_8);
        assertTrue(
                page.contains(SettingsTable.markdown()),
                "docs/configuration.md must contain the settings table exactly as SettingsTable declares it:\n"
                        + SettingsTable.markdown());
    }

    @Test
    void everyDocumentedLiteralDefaultIsTheDefault() {
        int checked = 0;
        for (SettingsTable.Key key : SettingsTable.KEYS) {
            String d = key.defaultText();
            if (!d.startsWith("`") || !d.endsWith("`") || d.indexOf('`', 1) != d.length() - 1) {
                continue; // "none", or a default that depends on the container
            }
            String literal = d.substring(1, d.length() - 1);
            Settings read = new SettingsReader(List.of(new SettingsReader.Layer(
                            "test",
                            List.of("sitemapkit." + key.key()),
                            Map.of("sitemapkit." + key.key(), literal)::get)))
                    .read();
            assertEquals(Settings.defaults(), read, key.key() + " is documented with the default " + d);
            checked++;
        }
        assertEquals(22, checked, "settings with a literal default");
    }

    /**
     * Each key's parser and printer are cases of two switches: every key's documented example,
     * read by its parser, changes what its printer shows, so each key reaches its own cases.
     */
    @Test
    void everyDocumentedExampleReachesItsOwnKey() {
        for (SettingsTable.Key key : SettingsTable.KEYS) {
            String e = key.example();
            String example = e.startsWith("`") ? e.substring(1, e.indexOf('`', 1)) : "0123456789abcdefXYZ";
            // the JCache store, so that jcache-cache is printed at all
            Settings.Builder b = Settings.builder().store(Settings.StoreKind.JCACHE);
            Settings before = b.build();
            key.apply().accept(b, example);
            Settings after = b.build();
            assertNotEquals(
                    key.shown().apply(before),
                    key.shown().apply(after),
                    key.key() + " = " + example + " is printed as its default");
        }
    }

    /** A store given in code is not the store setting's default: the start-up line does not claim it is. */
    @Test
    void aStoreGivenInCodeIsNotPrintedAsTheSetting() {
        Settings s = Settings.builder().storeDir("/var/cache/sitemapkit").build();
        assertTrue(s.toString().contains("store=memory"), s.toString());
        assertTrue(s.toString().contains("store-dir=/var/cache/sitemapkit"), s.toString());
        String printed = s.toString(true);
        assertTrue(printed.contains("store=set in code"), printed);
        assertFalse(printed.contains("store=memory") || printed.contains("store-dir="), printed);
    }

    @Test
    void theReaderKnowsEveryKeyOfTheTableAndNoOther() {
        assertEquals(SettingsTable.KEYS.size(), SettingsReader.KEYS.size());
        for (SettingsTable.Key key : SettingsTable.KEYS) {
            assertTrue(SettingsReader.KEYS.contains(key.key()), key.key());
        }
    }

    @Test
    void settingsPrintEveryKeyOfTheTableAndNoSecret() {
        Settings s = Settings.builder()
                .indexnowKey("0123456789abcdef")
                .store(Settings.StoreKind.JCACHE)
                .exclude(List.of("/cart$"))
                .build();
        String printed = s.toString();
        for (SettingsTable.Key key : SettingsTable.KEYS) {
            if (!key.key().equals("store-dir") && !key.key().equals("additional-sitemaps")) {
                assertTrue(printed.contains(key.key() + "="), key.key() + " in " + printed);
            }
        }
        assertTrue(printed.startsWith("SitemapSettings{base-url=null, "), printed);
        assertTrue(printed.contains("indexnow-key=set") && !printed.contains("0123456789abcdef"), printed);
        assertTrue(!Settings.defaults().toString().contains("jcache-cache="), "only with the JCache store");
    }
}
