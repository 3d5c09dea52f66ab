/**
 * The SitemapKit tutorial shop. Read it in this order: {@link org.sitemapkit.sample.PageResource} (plain
 * pages with {@code @SitemapEntry}), {@link org.sitemapkit.sample.ProductResource} and
 * {@link org.sitemapkit.sample.ProductParams} (a templated path filled from database rows through a JDBC
 * cursor), {@link org.sitemapkit.sample.ArticleParams} (hreflang alternates), then
 * {@link org.sitemapkit.sample.SampleApp} (embedded Jetty) and {@code src/main/webapp/WEB-INF/web.xml} (the
 * WAR, in which SitemapKit needs no entry at all).
 */
package org.sitemapkit.sample;
