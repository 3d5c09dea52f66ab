/**
 * The SitemapKit tutorial shop. Read it in this order: {@link org.sitemapkit.sample.PageResource} (plain
 * pages with {@code @SitemapEntry}), {@link org.sitemapkit.sample.CategoryResource} and
 * {@link org.sitemapkit.sample.CategoryParams} (a templated path filled from database rows through a JDBC
 * cursor), {@link org.sitemapkit.sample.ArticleParams} (hreflang alternates),
 * {@link org.sitemapkit.sample.ProductSitemap} and {@link org.sitemapkit.sample.AdminResource} (stable pages,
 * and telling SitemapKit what changed), then
 * {@link org.sitemapkit.sample.SampleApp} (embedded Jetty) and {@code src/main/webapp/WEB-INF/web.xml} (the
 * WAR, in which SitemapKit needs no entry at all).
 */
package org.sitemapkit.sample;
