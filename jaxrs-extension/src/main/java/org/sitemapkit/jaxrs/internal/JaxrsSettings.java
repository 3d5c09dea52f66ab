package org.sitemapkit.jaxrs.internal;

import java.util.List;
import org.sitemapkit.internal.config.Setting;
import org.sitemapkit.internal.config.SettingsExtension;

/** The settings this extension reads itself, declared to core so that they are known keys, not typos. */
public final class JaxrsSettings implements SettingsExtension {
    /** The key of the JAX-RS application's base path, without the {@code sitemapkit.} prefix. */
    static final String BASE_PATH = "jaxrs.base-path";

    static final List<Setting<String>> KEYS = List.of(Setting.extension(
            BASE_PATH,
            "the JAX-RS mapping",
            "`/api`",
            "read by `sitemapkit-jaxrs` only (context-param, system property, the properties file, or Spring's"
                    + " `Environment`): where the JAX-RS application answers, when it cannot be found out"));

    /** For ServiceLoader. */
    public JaxrsSettings() {}

    @Override
    public List<Setting<String>> keys() {
        return KEYS;
    }
}
