package org.sitemapkit.jaxrs;

import jakarta.servlet.ServletContext;
import org.sitemapkit.model.Site;

/**
 * What a {@link PathParamsProvider} may need while it streams: the web application (to reach a
 * {@code DataSource} kept as a context attribute or in JNDI), the site being rendered, and which
 * entry asks, so one provider can serve several methods.
 */
public interface PathParamsContext {
    /**
     * The web application, to reach a {@code DataSource} kept as a context attribute or in JNDI.
     *
     * @return the servlet context of the application being rendered
     */
    ServletContext servletContext();

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
     * The resource class whose method carries the entry, for a provider that serves several.
     *
     * @return the class declaring the annotated method
     */
    Class<?> resourceClass();

    /**
     * The resource method's name, for a provider that serves several entries of one class.
     *
     * @return the method's simple name
     */
    String resourceMethod();
}
