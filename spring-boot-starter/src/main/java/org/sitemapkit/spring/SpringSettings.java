package org.sitemapkit.spring;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.TreeMap;
import org.sitemapkit.SitemapSettings;
import org.sitemapkit.internal.config.Setting;
import org.sitemapkit.internal.config.SettingsExtension;
import org.sitemapkit.internal.config.SettingsTable;
import org.sitemapkit.jaxrs.internal.BasePath;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.BindResult;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.context.properties.source.IterableConfigurationPropertySource;
import org.springframework.core.env.Environment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/**
 * SitemapKit's settings as a Boot application is configured: {@code sitemapkit.<key>} in
 * {@code application.properties} or YAML, profiles, and environment variables
 * ({@code SITEMAPKIT_BASE_URL}), through Boot's relaxed binding. The keys are core's settings
 * table and the extensions' keys, so that a key added there is read here with no change.
 */
final class SpringSettings {
    private static final System.Logger LOG = System.getLogger(SitemapKitAutoConfiguration.class.getName());

    static final String PREFIX = "sitemapkit.";

    /** The keys read, and their values as SitemapKit's own parsers take them. */
    record Read(SitemapSettings settings, Map<String, String> values) {}

    private SpringSettings() {}

    /** Every documented key: core's, then the extensions' present in {@code loader}. */
    static List<Setting<?>> keys(ClassLoader loader) {
        List<Setting<?>> keys = new ArrayList<>(SettingsTable.KEYS);
        try {
            for (SettingsExtension e : ServiceLoader.load(SettingsExtension.class, loader)) {
                keys.addAll(e.keys());
            }
        } catch (ServiceConfigurationError e) {
            throw new IllegalStateException("cannot load a SitemapKit extension's settings: " + e.getMessage(), e);
        }
        return keys;
    }

    /**
     * Reads every key, failing with the key, its value, where it was set and what is accepted.
     *
     * @throws SitemapKitStartupException for an unknown key or a bad value
     */
    static Read read(Environment environment, ClassLoader loader) {
        List<Setting<?>> keys = keys(loader);
        checkKnown(environment, keys);
        Binder binder = Binder.get(environment);
        Map<String, String> values = new TreeMap<>();
        Map<String, String> core = new TreeMap<>();
        for (Setting<?> key : keys) {
            String name = PREFIX + key.key();
            String value;
            try {
                value = value(binder, name);
            } catch (BindException e) {
                throw bad(environment, key, "?", "it cannot be read as text: " + rootMessage(e));
            }
            if (value == null) {
                continue;
            }
            values.put(key.key(), value);
            if (key.group() != Setting.Group.EXTENSION) {
                // an extension's key is read by the extension itself (JerseyEntries: the base path)
                core.put(key.key(), value);
            }
        }
        try {
            // all at once: a key may need another (status-view=token needs status-token)
            return new Read(SitemapSettings.of(core), values);
        } catch (IllegalArgumentException all) {
            for (Setting<?> key : keys) {
                String value = core.get(key.key());
                if (value == null) {
                    continue;
                }
                try {
                    key.parse(value);
                } catch (IllegalArgumentException e) {
                    throw bad(environment, key, value, e.getMessage());
                }
            }
            // each value is good alone: two of them contradict each other, and core's message names both
            throw new SitemapKitStartupException(
                    "The SitemapKit settings contradict each other: " + all.getMessage(),
                    "Correct the sitemapkit.* keys the message names (docs/configuration.md says what each does).",
                    all);
        }
    }

    /**
     * The settings with {@code base-url}'s path taken from the context path when it names only an
     * origin ({@code https://shop.example.com} or with {@code /}), as a user writing the origin beside
     * {@code server.servlet.context-path=/shop} means. A base-url at another path would list pages
     * this application does not serve, so it fails start-up naming both, unless {@code
     * base-url-as-written} says a proxy serves the application there (core then says so at start).
     */
    static Read underContextPath(Read read, String contextPath) {
        String baseUrl = read.values().get("base-url");
        String asWritten = read.values().get(SettingsTable.BASE_URL_AS_WRITTEN.key());
        if (baseUrl == null
                || contextPath == null
                || contextPath.isEmpty()
                || asWritten != null && SettingsTable.BASE_URL_AS_WRITTEN.parse(asWritten)) {
            return read;
        }
        String origin = baseUrl.trim();
        int path = origin.indexOf('/', origin.indexOf("://") + 3);
        if (path >= 0 && !origin.substring(path).equals("/")) {
            if (!BasePath.normalize(origin.substring(path)).equals(contextPath)) {
                throw new SitemapKitStartupException(
                        "sitemapkit.base-url " + baseUrl + " does not match the application's context path "
                                + contextPath + " (server.servlet.context-path): the index would list pages this"
                                + " application does not serve.",
                        "Write sitemapkit.base-url as the origin alone (the context path is added) or with the path "
                                + contextPath + "/, or set sitemapkit.base-url-as-written=true when a proxy serves"
                                + " this application at " + origin.substring(path) + ".");
            }
            return read;
        }
        if (path >= 0) {
            origin = origin.substring(0, path);
        }
        String derived = origin + contextPath + "/";
        LOG.log(
                System.Logger.Level.INFO,
                "sitemapkit: base-url {0} names no path, and the application runs at {1}"
                        + " (server.servlet.context-path): the sitemap''s URLs are under {2}",
                baseUrl,
                contextPath,
                derived);
        Map<String, String> values = new TreeMap<>(read.values());
        values.put("base-url", derived);
        return new Read(read.settings().with("base-url", derived), values);
    }

    /** The value as text; a YAML or indexed list is joined with commas, as SitemapKit's lists are written. */
    private static String value(Binder binder, String name) {
        BindResult<String> text = binder.bind(name, Bindable.of(String.class));
        if (text.isBound()) {
            return text.get();
        }
        BindResult<List<String>> list = binder.bind(name, Bindable.listOf(String.class));
        return list.isBound() ? String.join(", ", list.get()) : null;
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null) {
            t = t.getCause();
        }
        return t.getMessage();
    }

    /**
     * A {@code sitemapkit.} property that is no key is a typo that would be ignored: refused,
     * compared as Boot binds (dashes and case relaxed, list indexes below a key). An environment
     * variable is only warned of: {@code SITEMAPKIT_*} may be an unrelated tool's, such as the
     * service variables Kubernetes sets for a service named {@code sitemapkit}.
     */
    private static void checkKnown(Environment environment, List<Setting<?>> keys) {
        List<ConfigurationPropertyName> known = new ArrayList<>();
        Map<String, Setting<?>> uniform = new TreeMap<>();
        for (Setting<?> k : keys) {
            known.add(ConfigurationPropertyName.of(PREFIX + k.key()));
            uniform.put(uniform(k.key()), k);
        }
        ConfigurationPropertyName prefix = ConfigurationPropertyName.of("sitemapkit");
        for (ConfigurationPropertySource source : ConfigurationPropertySources.get(environment)) {
            if (!(source instanceof IterableConfigurationPropertySource iterable)) {
                continue;
            }
            boolean variables = source.getUnderlyingSource() instanceof SystemEnvironmentPropertySource
                    || String.valueOf(source.getUnderlyingSource()).contains("systemEnvironment");
            for (ConfigurationPropertyName name : (Iterable<ConfigurationPropertyName>) iterable.stream()::iterator) {
                if (!prefix.isAncestorOf(name)) {
                    continue;
                }
                boolean ok = variables
                        ? uniform.containsKey(uniform(name.toString().substring(PREFIX.length())))
                        : known.stream().anyMatch(k -> k.equals(name) || k.isAncestorOf(name));
                if (ok) {
                    continue;
                }
                List<String> names = new ArrayList<>();
                keys.forEach(k -> names.add(PREFIX + k.key()));
                if (variables) {
                    LOG.log(
                            System.Logger.Level.WARNING,
                            "sitemapkit: the environment variable for {0}{1} is no SitemapKit setting, so it is ignored;"
                                    + " the keys are {2}",
                            name,
                            origin(source, name),
                            names);
                    continue;
                }
                throw new SitemapKitStartupException(
                        "SitemapKit does not know the setting " + name + origin(source, name)
                                + ", so it would be ignored.",
                        "Correct the key, or remove it. The keys are: " + String.join(", ", names)
                                + " (docs/configuration.md says what each does).");
            }
        }
    }

    /**
     * A key with its separators and list indexes dropped, so that {@code base-url} and an
     * environment variable's {@code base.url} ({@code SITEMAPKIT_BASE_URL}) meet.
     */
    static String uniform(String key) {
        return key.replaceAll("\\[[^]]*]", "").toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
    }

    private static SitemapKitStartupException bad(Environment environment, Setting<?> key, String value, String why) {
        String name = PREFIX + key.key();
        String example = key.example().replace("`", "");
        return new SitemapKitStartupException(
                "The SitemapKit setting " + name + " is \"" + value + "\"" + origin(environment, name)
                        + ", which is not accepted: " + why + ".",
                "Set " + name + " to a valid value, for example " + example + " (the default is "
                        + key.defaultText().replace("`", "") + "): " + plain(key.meaning()) + ".");
    }

    /** The documentation line without its Markdown: links keep their text, code loses its ticks. */
    static String plain(String markdown) {
        String s = markdown.replaceAll("\\[([^]]*)]\\([^)]*\\)", "$1").replace("`", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }

    private static String origin(Environment environment, String name) {
        ConfigurationPropertyName n = ConfigurationPropertyName.of(name);
        for (ConfigurationPropertySource source : ConfigurationPropertySources.get(environment)) {
            String o = origin(source, n);
            if (!o.isEmpty()) {
                return o;
            }
        }
        return "";
    }

    private static String origin(ConfigurationPropertySource source, ConfigurationPropertyName name) {
        ConfigurationProperty property = source.getConfigurationProperty(name);
        if (property == null) {
            return "";
        }
        return property.getOrigin() != null ? " (from " + property.getOrigin() + ")" : " (from " + source + ")";
    }
}
