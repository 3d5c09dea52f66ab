package org.sitemapkit.jaxrs.internal;

import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;
import org.sitemapkit.internal.config.SettingsReader;

/**
 * The {@code sitemapkit.*} keys of the application's MicroProfile Config ({@code
 * application.properties} in Quarkus, {@code microprofile-config.properties} in Helidon), which
 * also maps environment variables such as {@code SITEMAPKIT_BASE_URL}. Only loaded when the
 * MicroProfile Config API is there.
 */
final class MpConfigLayer {
    private MpConfigLayer() {}

    /** Null when the API is there but the runtime has no implementation of it. */
    static SettingsReader.Layer of(ClassLoader loader) {
        Config config;
        try {
            config = ConfigProvider.getConfig(loader);
        } catch (RuntimeException | LinkageError e) {
            return null;
        }
        List<String> names = new ArrayList<>();
        for (String name : config.getPropertyNames()) {
            if (name.startsWith(SettingsReader.PREFIX)) {
                names.add(name);
            }
        }
        return new SettingsReader.Layer(
                "MicroProfile Config",
                names,
                key -> config.getOptionalValue(key, String.class).orElse(null));
    }

    /** One value of the application's MicroProfile Config, or null (no value, or no implementation). */
    static String value(ClassLoader loader, String key) {
        try {
            return ConfigProvider.getConfig(loader)
                    .getOptionalValue(key, String.class)
                    .orElse(null);
        } catch (RuntimeException | LinkageError e) {
            return null;
        }
    }
}
