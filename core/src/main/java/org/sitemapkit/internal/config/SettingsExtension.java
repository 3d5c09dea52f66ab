package org.sitemapkit.internal.config;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * The settings an extension module reads itself (the JAX-RS extension's {@code jaxrs.*}), declared
 * by the extension so that core's reader knows them without listing them: a key no module declares
 * is refused as a typo. Found with {@link ServiceLoader} in the application's class loader.
 */
public interface SettingsExtension {
    /**
     * The extension's keys, each with its documentation ({@link Setting#extension}); the extension
     * parses them itself.
     *
     * @return the keys
     */
    List<Setting<String>> keys();

    /**
     * Every key the extensions present in {@code loader} declare.
     *
     * @param loader the application's class loader
     * @return their keys, without the {@code sitemapkit.} prefix
     */
    static List<String> keysIn(ClassLoader loader) {
        List<String> keys = new ArrayList<>();
        try {
            for (SettingsExtension e : ServiceLoader.load(SettingsExtension.class, loader)) {
                e.keys().forEach(k -> keys.add(k.key()));
            }
        } catch (ServiceConfigurationError e) {
            throw new IllegalStateException("cannot load a SitemapKit extension's settings: " + e.getMessage(), e);
        }
        return keys;
    }
}
