package org.sitemapkit.source;

import org.sitemapkit.model.Site;

/**
 * What a {@link PathParamsProvider} may need while it streams: the application's attributes (to
 * reach a {@code DataSource} kept there), the site being rendered, and which entry asks, so one
 * provider can serve several methods. No servlet type: the same provider serves where there is no
 * servlet container.
 */
public interface PathParamsContext {
    /**
     * An attribute of the application, for a provider made without injection: under a servlet
     * container, the servlet-context attribute of that name.
     *
     * @param name the attribute's name
     * @return its value, or null when the application has no such attribute
     */
    Object attribute(String name);

    /**
     * The site being rendered; locs are built for it, the provider needs it only for logging.
     *
     * @return the site
     */
    Site site();

    /**
     * The entry's path template as written in the index, e.g. {@code /products/{id}/{slug}}.
     *
     * @return the template, starting with {@code /}
     */
    String pathTemplate();

    /**
     * The class whose method carries the entry (the JAX-RS resource or Spring controller), for a
     * provider that serves several.
     *
     * @return the class declaring the annotated method
     */
    Class<?> resourceClass();

    /**
     * The annotated method's name, for a provider that serves several entries of one class.
     *
     * @return the method's simple name
     */
    String resourceMethod();
}
