/**
 * Sitemap entries for JAX-RS resource methods: mark a {@code @GET} method with
 * {@link org.sitemapkit.SitemapEntry}, give templated paths a
 * {@link org.sitemapkit.source.PathParamsProvider}, and {@link org.sitemapkit.jaxrs.SitemapEntryFeature}
 * (found automatically by Jersey) puts them in the live sitemap.
 */
package org.sitemapkit.jaxrs;
