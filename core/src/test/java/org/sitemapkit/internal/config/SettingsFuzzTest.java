package org.sitemapkit.internal.config;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Settings values as an administrator might type them: every key with a fuzzed value either
 * reads, or fails start-up with an IllegalArgumentException whose message names the key.
 */
class SettingsFuzzTest {
    static final List<String> KEYS = new ArrayList<>(new TreeSet<>(SettingsReader.KEYS));

    @FuzzTest(maxDuration = "20s")
    void settingValue(FuzzedDataProvider data) {
        String key = data.pickValue(KEYS);
        String value = data.consumeRemainingAsString();
        Map<String, String> values = Map.of(SettingsReader.PREFIX + key, value);
        SettingsReader reader = new SettingsReader(
                List.of(new SettingsReader.Layer("a fuzzed context-param", values.keySet(), values::get)));
        try {
            reader.read();
        } catch (IllegalArgumentException e) {
            assertTrue(
                    String.valueOf(e.getMessage()).contains(key),
                    "the message names the key " + key + ": " + e.getMessage());
        }
    }
}
