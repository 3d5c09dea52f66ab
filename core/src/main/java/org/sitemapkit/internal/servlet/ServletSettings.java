package org.sitemapkit.internal.servlet;

import jakarta.servlet.FilterConfig;
import jakarta.servlet.ServletContext;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.sitemapkit.internal.config.SettingsExtension;
import org.sitemapkit.internal.config.SettingsReader;

/**
 * The one place that says where a web application's settings come from, first wins: the filter's
 * init-params (when there is a filter), context-params, system properties, then
 * {@code sitemapkit.properties} on the application's class path; with the keys the extensions
 * present declare.
 */
public final class ServletSettings {
    private ServletSettings() {}

    /**
     * The settings of a web application, as the filter reads them.
     *
     * @param context the application
     * @param filter the filter's configuration, or null before there is a filter
     * @return a reader over the layers
     */
    public static SettingsReader reader(ServletContext context, FilterConfig filter) {
        List<SettingsReader.Layer> layers = new ArrayList<>();
        if (filter != null) {
            layers.add(new SettingsReader.Layer(
                    "filter init-param", Collections.list(filter.getInitParameterNames()), filter::getInitParameter));
        }
        layers.add(new SettingsReader.Layer(
                "context-param", Collections.list(context.getInitParameterNames()), context::getInitParameter));
        layers.addAll(SettingsReader.systemAndClasspath(context.getClassLoader()));
        // the extensions' keys are looked up only by a read that checks keys, not by autoRegister() or value()
        return new SettingsReader(layers, () -> SettingsExtension.keysIn(context.getClassLoader()));
    }
}
