package org.sitemapkit.jaxrs.internal;

import jakarta.servlet.ServletContext;
import org.sitemapkit.model.Changefreq;
import org.sitemapkit.source.PathParamsProvider;

/**
 * An index entry made ready to render in one application: its classes loaded, its template
 * parsed and the application's base path ({@code /api}) resolved.
 */
final class ResolvedEntry {
    final IndexedEntry entry;
    final App app;
    final Class<?> resourceClass;
    final Class<? extends PathParamsProvider> provider;
    final PathTemplate template;
    final Changefreq changefreq;
    final double priority;

    ResolvedEntry(IndexedEntry entry, App app, Class<?> resourceClass, Class<? extends PathParamsProvider> provider) {
        this.entry = entry;
        this.app = app;
        this.resourceClass = resourceClass;
        this.provider = provider;
        this.template = PathTemplate.parse(entry.template());
        this.changefreq = entry.changefreq().isEmpty() ? null : Changefreq.of(entry.changefreq());
        this.priority = entry.priority().isEmpty() ? Double.NaN : Double.parseDouble(entry.priority());
    }

    /** The path under the context root, as the application answers it: base path + template. */
    String displayPath() {
        return app.basePath + entry.template();
    }

    @Override
    public String toString() {
        return entry.toString();
    }

    /** One JAX-RS application of the web application: its key, base path and provider factory. */
    static final class App {
        final String key;
        final String basePath;
        final ProviderFactory providers;
        final ServletContext servletContext;

        App(String key, String basePath, ProviderFactory providers, ServletContext servletContext) {
            this.key = key;
            this.basePath = basePath;
            this.providers = providers;
            this.servletContext = servletContext;
        }
    }
}
