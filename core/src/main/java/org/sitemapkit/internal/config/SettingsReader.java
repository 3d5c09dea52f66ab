package org.sitemapkit.internal.config;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * Reads {@link Settings} from layered sources, first wins: filter init-params,
 * context-params, system properties, then {@code sitemapkit.properties} on the class path. Every
 * key carries the {@code sitemapkit.} prefix; an unknown key with that prefix is refused, since
 * a misspelt key silently ignored is a setting that never took effect. For SitemapKit's modules,
 * not an API.
 */
public final class SettingsReader {
    public static final String PREFIX = "sitemapkit.";
    public static final String PROPERTIES_FILE = "sitemapkit.properties";

    /** Every key SitemapKit reads, without the prefix: {@link SettingsTable}'s. */
    public static final Set<String> KEYS =
            SettingsTable.KEYS.stream().map(Setting::key).collect(Collectors.toUnmodifiableSet());

    /** One layer of settings: a name for messages, and its values by full key. */
    public static final class Layer {
        final String name;
        final UnaryOperator<String> values;
        final Iterable<String> keys;

        public Layer(String name, Iterable<String> keys, UnaryOperator<String> values) {
            this.name = name;
            this.keys = keys;
            this.values = values;
        }
    }

    private final List<Layer> layers;
    /** Keys extensions declare (without prefix): known, but not read here. */
    private final Supplier<List<String>> extensionKeys;

    public SettingsReader(List<Layer> layers) {
        this(layers, List::of);
    }

    /**
     * A reader that also knows the keys of the extensions present.
     *
     * @param layers where values come from, first wins
     * @param extensionKeys keys extensions read themselves (see {@link SettingsExtension})
     */
    public SettingsReader(List<Layer> layers, Supplier<List<String>> extensionKeys) {
        this.layers = List.copyOf(layers);
        this.extensionKeys = extensionKeys;
    }

    /** System properties, then {@code sitemapkit.properties} from {@code loader}. */
    public static List<Layer> systemAndClasspath(ClassLoader loader) {
        Properties system = System.getProperties();
        Properties file = new Properties();
        try (InputStream in = loader == null ? null : loader.getResourceAsStream(PROPERTIES_FILE)) {
            if (in != null) {
                file.load(new InputStreamReader(in, StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + PROPERTIES_FILE + ": " + e.getMessage(), e);
        }
        return List.of(
                new Layer("system property", system.stringPropertyNames(), system::getProperty),
                new Layer(PROPERTIES_FILE, file.stringPropertyNames(), file::getProperty));
    }

    /**
     * Builds the settings from the defaults.
     *
     * @throws IllegalArgumentException naming the key, the value and where it came from
     */
    public Settings read() {
        return read(Settings.defaults());
    }

    /**
     * Builds the settings: {@code base}, with the values the layers set.
     *
     * @param base the values of the keys no layer sets
     * @throws IllegalArgumentException naming the key, the value and where it came from
     */
    public Settings read(Settings base) {
        checkKnownKeys();
        Settings.Builder b = base.toBuilder();
        for (Setting<?> key : SettingsTable.KEYS) {
            copy(key, b);
        }
        return b.build();
    }

    /**
     * {@code auto-register} alone, parsed and refused as {@link #read} does: the initializer needs
     * it before the filter exists, and the other keys are the filter's to read with its init-params.
     *
     * @return whether the initializer maps the filter
     * @throws IllegalArgumentException naming the value and where it came from
     */
    public boolean autoRegister() {
        Boolean on = read(SettingsTable.AUTO_REGISTER);
        return on != null ? on : SettingsTable.AUTO_REGISTER.defaultValue();
    }

    /** The first value of {@code key} (without prefix), or null. */
    public String value(String key) {
        for (Layer layer : layers) {
            String v = layer.values.apply(PREFIX + key);
            if (v != null) {
                return v.trim();
            }
        }
        return null;
    }

    private <T> void copy(Setting<T> key, Settings.Builder into) {
        T value = read(key);
        if (value != null) {
            into.put(key, value);
        }
    }

    /** The value of the first layer that sets {@code key}, parsed and checked; null when none does. */
    private <T> T read(Setting<T> key) {
        for (Layer layer : layers) {
            String v = layer.values.apply(PREFIX + key.key());
            if (v != null) {
                try {
                    return key.parse(v);
                } catch (IllegalArgumentException e) {
                    throw key.refused(v, layer.name, e);
                }
            }
        }
        return null;
    }

    private void checkKnownKeys() {
        for (Layer layer : layers) {
            for (String key : layer.keys) {
                String k = key.startsWith(PREFIX) ? key.substring(PREFIX.length()) : null;
                if (k != null && !KEYS.contains(k) && !extensionKeys.get().contains(k)) {
                    Set<String> known = new TreeSet<>(KEYS);
                    known.addAll(extensionKeys.get());
                    throw new IllegalArgumentException(
                            "unknown SitemapKit setting " + key + " (" + layer.name + "); known keys: " + known);
                }
            }
        }
    }
}
