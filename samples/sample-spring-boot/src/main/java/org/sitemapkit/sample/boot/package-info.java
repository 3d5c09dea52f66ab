/**
 * The SitemapKit tutorial shop on Spring Boot. Read it in this order: {@link
 * org.sitemapkit.sample.boot.ShopApplication} (nothing wires SitemapKit), {@link
 * org.sitemapkit.sample.boot.PageController} (plain pages with {@code @SitemapEntry}), {@link
 * org.sitemapkit.sample.boot.ProductController} and {@link org.sitemapkit.sample.boot.ProductParams} (a
 * templated path filled from the database), {@link org.sitemapkit.sample.boot.HelpSitemap} (a {@code
 * UrlSource} bean for pages no annotation can list), then {@code application.properties} and {@code
 * static/robots.txt}.
 */
package org.sitemapkit.sample.boot;
