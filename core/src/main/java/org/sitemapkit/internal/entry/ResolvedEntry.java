package org.sitemapkit.internal.entry;

import java.util.function.Function;
import org.sitemapkit.model.Changefreq;
import org.sitemapkit.source.PathParamsProvider;

/**
 * An entry made ready to render in one application: its classes loaded, its template parsed and
 * the application's base path ({@code /api}) resolved. JAX-RS and Spring MVC make them alike.
 */
public final class ResolvedEntry {
    public final IndexedEntry entry;
    public final App app;
    public final Class<?> resourceClass;
    public final Class<? extends PathParamsProvider> provider;
    public final PathTemplate template;
    public final Changefreq changefreq;
    public final double priority;

    public ResolvedEntry(
            IndexedEntry entry, App app, Class<?> resourceClass, Class<? extends PathParamsProvider> provider) {
        this.entry = entry;
        this.app = app;
        this.resourceClass = resourceClass;
        this.provider = provider;
        this.template = PathTemplate.parse(entry.template());
        this.changefreq = entry.changefreq().isEmpty() ? null : Changefreq.of(entry.changefreq());
        this.priority = entry.priority().isEmpty() ? Double.NaN : Double.parseDouble(entry.priority());
    }

    /** The path under the context root, as the application answers it: base path + template. */
    public String displayPath() {
        return app.basePath() + entry.template();
    }

    @Override
    public String toString() {
        return entry.toString();
    }

    /**
     * One application of the web application (a JAX-RS application, or Spring MVC): its key, the
     * base path its entries' paths are under, how its providers are made, and its attributes, as
     * {@code PathParamsContext.attribute} gives them.
     */
    public record App(String key, String basePath, Providers providers, Function<String, Object> attributes) {}

    /** Makes an application's params providers the way it makes its own objects. */
    @FunctionalInterface
    public interface Providers {
        /**
         * The one instance of {@code type} for this application.
         *
         * @throws IllegalStateException naming the class and the cause when it cannot be made
         */
        PathParamsProvider get(Class<? extends PathParamsProvider> type);
    }
}
