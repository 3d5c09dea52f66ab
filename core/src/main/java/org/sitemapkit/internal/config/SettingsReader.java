package org.sitemapkit.internal.config;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.sitemapkit.internal.render.PageOptions;
import org.sitemapkit.internal.status.Health;

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
            SettingsTable.KEYS.stream().map(SettingsTable.Key::key).collect(Collectors.toUnmodifiableSet());

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
     * Builds the settings.
     *
     * @throws IllegalArgumentException naming the key, the value and where it came from
     */
    public Settings read() {
        checkKnownKeys();
        Settings.Builder b = Settings.builder();
        for (SettingsTable.Key key : SettingsTable.KEYS) {
            apply(key.key(), v -> key.apply().accept(b, v));
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
        boolean[] on = {Settings.defaults().autoRegister()};
        apply("auto-register", v -> on[0] = bool(v));
        return on[0];
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

    private void apply(String key, Consumer<String> setter) {
        for (Layer layer : layers) {
            String v = layer.values.apply(PREFIX + key);
            if (v != null) {
                try {
                    setter.accept(v.trim());
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(
                            "bad SitemapKit setting " + PREFIX + key + "=\"" + v + "\" (" + layer.name + "): "
                                    + e.getMessage(),
                            e);
                }
                return;
            }
        }
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

    /** A comma-separated list, blanks dropped. */
    static List<String> list(String v) {
        return Arrays.stream(v.split(","))
                .map(String::trim)
                .filter(s -> !s.isEmpty())
                .toList();
    }

    static int integer(String v) {
        try {
            return Integer.parseInt(v.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a whole number");
        }
    }

    static boolean bool(String v) {
        switch (v.toLowerCase(Locale.ROOT)) {
            case "true":
                return true;
            case "false":
                return false;
            default:
                throw new IllegalArgumentException("must be true or false");
        }
    }

    static Settings.IndexMode indexMode(String v) {
        switch (v.toLowerCase(Locale.ROOT)) {
            case "auto":
                return Settings.IndexMode.AUTO;
            case "always":
                return Settings.IndexMode.ALWAYS;
            default:
                throw new IllegalArgumentException("must be auto or always");
        }
    }

    static Settings.StatusViewMode statusViewMode(String v) {
        switch (v.trim().toLowerCase(Locale.ROOT)) {
            case "off":
                return Settings.StatusViewMode.OFF;
            case "loopback":
                return Settings.StatusViewMode.LOOPBACK;
            case "token":
                return Settings.StatusViewMode.TOKEN;
            default:
                throw new IllegalArgumentException("must be off, loopback or token");
        }
    }

    static Health.DownWhen healthDown(String v) {
        switch (v.trim().toLowerCase(Locale.ROOT)) {
            case "never":
                return Health.DownWhen.NEVER;
            case "failing":
                return Health.DownWhen.FAILING;
            case "stale":
                return Health.DownWhen.STALE;
            default:
                throw new IllegalArgumentException("must be never, failing or stale");
        }
    }

    static PageOptions.NewsExpired newsExpired(String v) {
        switch (v.trim().toLowerCase(Locale.ROOT)) {
            case "plain":
                return PageOptions.NewsExpired.PLAIN;
            case "skip":
                return PageOptions.NewsExpired.SKIP;
            default:
                throw new IllegalArgumentException("must be plain or skip");
        }
    }

    static Settings.StoreKind storeKind(String v) {
        switch (v.toLowerCase(Locale.ROOT)) {
            case "memory":
                return Settings.StoreKind.MEMORY;
            case "disk":
                return Settings.StoreKind.DISK;
            case "jcache":
                return Settings.StoreKind.JCACHE;
            default:
                throw new IllegalArgumentException("must be memory, disk or jcache");
        }
    }

    static Settings.RobotsTxtMode robotsTxtMode(String v) {
        switch (v.toLowerCase(Locale.ROOT)) {
            case "add-sitemap":
                return Settings.RobotsTxtMode.ADD_SITEMAP;
            case "application":
                return Settings.RobotsTxtMode.APPLICATION;
            default:
                throw new IllegalArgumentException("must be add-sitemap or application");
        }
    }

    /** {@code 90} (seconds), {@code 90s}, {@code 15m}, {@code 2h}, {@code 1d} or ISO-8601 {@code PT15M}. */
    static Duration duration(String v) {
        try {
            if (v.startsWith("P") || v.startsWith("p")) {
                return Duration.parse(v);
            }
            if (v.isEmpty()) {
                throw new IllegalArgumentException("empty"); // found by SettingsFuzzTest: a StringIndexOutOfBounds
            }
            char unit = v.charAt(v.length() - 1);
            String digits = Character.isDigit(unit) ? v : v.substring(0, v.length() - 1);
            long n = Long.parseLong(digits);
            switch (Character.isDigit(unit) ? 's' : unit) {
                case 's':
                    return Duration.ofSeconds(n);
                case 'm':
                    return Duration.ofMinutes(n);
                case 'h':
                    return Duration.ofHours(n);
                case 'd':
                    return Duration.ofDays(n);
                default:
                    throw new IllegalArgumentException("unknown unit");
            }
        } catch (DateTimeParseException | ArithmeticException | IllegalArgumentException e) {
            throw new IllegalArgumentException("not a duration such as 90s, 15m, 2h, 1d or PT15M");
        }
    }
}
