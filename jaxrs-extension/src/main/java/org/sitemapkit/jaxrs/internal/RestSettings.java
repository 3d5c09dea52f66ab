package org.sitemapkit.jaxrs.internal;

import jakarta.ws.rs.core.Configuration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sitemapkit.internal.config.SettingsExtension;
import org.sitemapkit.internal.config.SettingsReader;

/**
 * Where an application served by the JAX-RS filter has its settings, first wins: MicroProfile
 * Config when the runtime has it (Quarkus, Helidon MP), the JAX-RS application's properties
 * ({@code Application.getProperties()}), system properties, then {@code sitemapkit.properties}.
 */
final class RestSettings {
    private RestSettings() {}

    static SettingsReader reader(Configuration config, ClassLoader loader) {
        List<SettingsReader.Layer> layers = new ArrayList<>();
        if (mpConfig(loader)) {
            SettingsReader.Layer mp = MpConfigLayer.of(loader);
            if (mp != null) {
                layers.add(mp);
            }
        }
        Map<String, Object> properties = config == null ? Map.of() : config.getProperties();
        List<String> names = new ArrayList<>();
        properties.keySet().forEach(k -> {
            if (k.startsWith(SettingsReader.PREFIX)) {
                names.add(k);
            }
        });
        layers.add(new SettingsReader.Layer("JAX-RS property", names, key -> {
            Object v = properties.get(key);
            return v == null ? null : v.toString();
        }));
        layers.addAll(SettingsReader.systemAndClasspath(loader));
        return new SettingsReader(layers, () -> SettingsExtension.keysIn(loader));
    }

    /**
     * Where the runtime roots its JAX-RS application when no {@code @ApplicationPath} says it:
     * Quarkus' {@code quarkus.http.root-path} and {@code quarkus.rest.path}, as a base path
     * ({@code ""} for the root).
     */
    static String runtimeRoot(ClassLoader loader) {
        if (!mpConfig(loader)) {
            return "";
        }
        String root = MpConfigLayer.value(loader, "quarkus.http.root-path");
        String rest = MpConfigLayer.value(loader, "quarkus.rest.path");
        String r = root == null ? "" : root.replaceAll("/+$", "");
        String p = rest == null ? "" : rest.replaceAll("^/+", "");
        return BasePath.normalize(r + "/" + p);
    }

    private static boolean mpConfig(ClassLoader loader) {
        try {
            Class.forName("org.eclipse.microprofile.config.ConfigProvider", false, loader);
            Class.forName("org.eclipse.microprofile.config.ConfigProvider", false, RestSettings.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
