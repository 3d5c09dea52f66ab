package org.sitemapkit.spring;

import java.util.List;
import org.sitemapkit.internal.config.Setting;
import org.sitemapkit.internal.config.SettingsExtension;

/** The settings only the starter reads, declared to core so that they are known keys, not typos. */
public final class StarterSettings implements SettingsExtension {
    /** Where the starter's filter runs among the application's, without the {@code sitemapkit.} prefix. */
    static final String FILTER_ORDER = "spring.filter-order";

    static final List<Setting<String>> KEYS = List.of(Setting.extension(
            FILTER_ORDER,
            "`after-security`",
            "`before-security`",
            "read by the Spring Boot starter only: where its filter runs. `after-security`, just after Spring"
                    + " Security's filter chain (`spring.security.filter.order` + 1, with or without Spring Security),"
                    + " so the application's security rules govern the sitemap's URLs; `before-security`, just"
                    + " ahead of it, so they are public whatever the rules; or a number, the filter's order"));

    /** For ServiceLoader. */
    public StarterSettings() {}

    @Override
    public List<Setting<String>> keys() {
        return KEYS;
    }
}
