package org.sitemapkit.jaxrs;

import jakarta.servlet.ServletContext;
import org.sitemapkit.model.Site;

/**
 * What a {@link PathParamsProvider} may need while it streams: the web application (to reach a
 * {@code DataSource} kept as a context attribute or in JNDI), the site being rendered, and which
 * entry asks, so one provider can serve several methods.
 */
public interface PathParamsContext {
    ServletContext servletContext();

    /** The site being rendered; locs are built for it, the provider needs it only for logging. */
    Site site();

    /** The entry's path template as written in the index, e.g. {@code /products/{id}/{slug}}. */
    String pathTemplate();

    Class<?> resourceClass();

    /** The resource method's name. */
    String resourceMethod();
}
