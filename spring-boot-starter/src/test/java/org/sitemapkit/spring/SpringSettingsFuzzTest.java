package org.sitemapkit.spring;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.springframework.core.env.StandardEnvironment;

/**
 * Settings from the Environment are outside input: whatever keys and values a properties file or
 * the environment holds, reading them either succeeds or fails with the one start-up error that
 * names the key. Anything else (a Spring conversion error, a runtime exception) is a crash.
 */
class SpringSettingsFuzzTest {
    @FuzzTest(maxDuration = "20s")
    void environment(FuzzedDataProvider data) {
        Map<String, Object> properties = new LinkedHashMap<>();
        Map<String, Object> variables = new LinkedHashMap<>();
        int n = data.consumeInt(0, 4);
        for (int i = 0; i < n; i++) {
            boolean variable = data.consumeBoolean();
            boolean known = data.consumeBoolean();
            String key = known
                    ? SpringSettings.keys(getClass().getClassLoader())
                            .get(data.consumeInt(0, 24))
                            .key()
                    : data.consumeString(24);
            String value = data.consumeString(80);
            if (variable) {
                variables.put(
                        "SITEMAPKIT_"
                                + key.toUpperCase(Locale.ROOT).replace('-', '_').replace('.', '_'),
                        value);
            } else {
                properties.put("sitemapkit." + key, value);
            }
        }
        StandardEnvironment env = SpringSettingsTest.environment(properties, variables);
        try {
            SpringSettings.read(env, getClass().getClassLoader());
        } catch (SitemapKitStartupException e) {
            // documented: the key, the value and what is accepted
        }
    }
}
