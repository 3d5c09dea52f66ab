package org.sitemapkit;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.sitemapkit.internal.config.Settings;
import org.sitemapkit.internal.config.SettingsExtension;
import org.sitemapkit.internal.config.SettingsReader;

/**
 * Settings made in code, for {@link SitemapKit#settings}: the same keys and values as
 * {@code sitemapkit.properties} and the context-params (docs/configuration.md lists them), so
 * there is one list of settings to learn and one place that checks them. Immutable; a bad key or
 * value is refused at once, naming the key.
 *
 * <pre>{@code
 * SitemapSettings.of(Map.of("base-url", "https://shop.example.com/", "cache-ttl", "1h"))
 * }</pre>
 */
public final class SitemapSettings {
    private static final SitemapSettings DEFAULTS = new SitemapSettings(new TreeMap<>());

    private final Map<String, String> given;
    private final Settings values;

    private SitemapSettings(TreeMap<String, String> given) {
        this.given = given;
        if (!SettingsReader.KEYS.containsAll(given.keySet())) { // only then is an extension asked for its keys
            for (String k : SettingsExtension.keysIn(Thread.currentThread().getContextClassLoader())) {
                if (given.containsKey(k)) {
                    throw new IllegalArgumentException("sitemapkit." + k + " is read by an extension from"
                            + " context-params, system properties or sitemapkit.properties, not from settings made in"
                            + " code");
                }
            }
        }
        Map<String, String> prefixed = new TreeMap<>();
        given.forEach((k, v) -> prefixed.put(SettingsReader.PREFIX + k, v));
        this.values =
                new SettingsReader(List.of(new SettingsReader.Layer("code", prefixed.keySet(), prefixed::get))).read();
    }

    /**
     * Every setting at its documented default.
     *
     * @return the defaults
     */
    public static SitemapSettings defaults() {
        return DEFAULTS;
    }

    /**
     * Settings from keys and values as {@code sitemapkit.properties} writes them; a key may carry
     * the {@code sitemapkit.} prefix or not.
     *
     * @param settings the keys and their values; unset keys keep their defaults
     * @return the settings
     * @throws IllegalArgumentException for an unknown key or a bad value, naming the key
     */
    public static SitemapSettings of(Map<String, String> settings) {
        TreeMap<String, String> given = new TreeMap<>();
        settings.forEach((k, v) -> put(given, k, v));
        return new SitemapSettings(given);
    }

    /**
     * These settings with one more key set.
     *
     * @param key the key, with or without the {@code sitemapkit.} prefix
     * @param value its value, as in {@code sitemapkit.properties}
     * @return new settings
     * @throws IllegalArgumentException for an unknown key or a bad value, naming the key
     */
    public SitemapSettings with(String key, String value) {
        TreeMap<String, String> next = new TreeMap<>(given);
        put(next, key, value);
        return new SitemapSettings(next);
    }

    private static void put(Map<String, String> into, String key, String value) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, () -> "value of " + key);
        String k = key.startsWith(SettingsReader.PREFIX) ? key.substring(SettingsReader.PREFIX.length()) : key;
        into.put(k, value);
    }

    Settings values() {
        return values;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SitemapSettings s && s.values.equals(values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
