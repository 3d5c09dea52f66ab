package org.sitemapkit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.sitemapkit.model.Changefreq;
import org.sitemapkit.source.PathParams;
import org.sitemapkit.source.PathParamsProvider;

/**
 * Marks a handler method that answers GET as a page of the sitemap: a JAX-RS {@code @GET}
 * resource method (with {@code sitemapkit-jaxrs}) or a Spring MVC {@code @GetMapping} (with the
 * Spring Boot starter). It lives in core, not beside either framework, so that neither has to be
 * on the other's class path. The path is the class mapping joined with the method's; a template
 * such as {@code /products/{id}/{slug}} is expanded once for every {@link PathParams} row that the
 * {@link #params()} provider streams.
 *
 * <p>On JAX-RS, the annotation processor ({@code sitemapkit-jaxrs-processor}) checks every use at
 * compile time and writes an index of them, which the runtime reads (or, for classes compiled
 * without the processor, it reflects on the application's resource classes); the Spring Boot
 * starter reads Spring MVC's handler mappings at start-up.
 *
 * <pre>{@code
 * @Path("products")
 * public class ProductResource {
 *   @GET @Path("{id}/{slug}")
 *   @SitemapEntry(section = "products", changefreq = Changefreq.WEEKLY, priority = 0.6,
 *       params = ProductParams.class)
 *   public String product(@PathParam("id") long id, @PathParam("slug") String slug) { ... }
 * }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface SitemapEntry {
    /**
     * The section the URLs are paged into ({@code sitemap-pages-1.xml}): {@code [a-z0-9-]}.
     *
     * @return the section's name, {@code pages} unless set
     */
    String section() default "pages";

    /**
     * How often the pages change, {@code changefreq = Changefreq.WEEKLY}; none (the default) omits
     * {@code <changefreq>}. An array only because an annotation cannot default to null: give at
     * most one, which the processor and the runtime check.
     *
     * @return no value, or the one changefreq
     */
    Changefreq[] changefreq() default {};

    /**
     * How important the URLs are against the site's others; crawlers may ignore it.
     *
     * @return 0.0 to 1.0; unset (NaN, the default) omits {@code <priority>}
     */
    double priority() default Double.NaN;

    /**
     * Supplies a value for every template variable of the path, and optionally a lastmod, one row
     * per URL. Required when the path has variables; on a plain path it may supply the lastmod
     * (one row, one URL). The default, {@code PathParamsProvider.class} itself, means none.
     *
     * @return the provider class, or {@code PathParamsProvider.class} for none
     */
    Class<? extends PathParamsProvider> params() default PathParamsProvider.class;
}
