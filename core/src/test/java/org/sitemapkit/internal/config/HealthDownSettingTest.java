package org.sitemapkit.internal.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sitemapkit.internal.status.Health;

/** {@code health-down}: never by default, its three words in any case, and anything else refused naming the key. */
class HealthDownSettingTest {
    private static Settings read(String value) {
        return new SettingsReader(List.of(SettingsReaderTest.layer("test", Map.of("sitemapkit.health-down", value))))
                .read();
    }

    @Test
    void readsItsWordsAndPrintsThem() {
        assertEquals(Health.DownWhen.NEVER, Settings.defaults().healthDown());
        assertEquals(Health.DownWhen.FAILING, read("failing").healthDown());
        assertEquals(Health.DownWhen.STALE, read(" Stale ").healthDown());
        assertTrue(
                read("stale").toString().contains("health-down=stale"),
                read("stale").toString());
    }

    @Test
    void refusesAnythingElseNamingTheKey() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> read("down"));
        assertTrue(
                e.getMessage().contains("health-down") && e.getMessage().contains("never, failing or stale"),
                e.getMessage());
    }
}
