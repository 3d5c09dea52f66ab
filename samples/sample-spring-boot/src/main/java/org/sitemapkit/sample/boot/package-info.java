/**
 * The SitemapKit tutorial shop on Spring Boot. Read it in this order: {@link
 * org.sitemapkit.sample.boot.ShopApplication} (nothing wires SitemapKit), {@link
 * org.sitemapkit.sample.boot.PageController} (plain pages with {@code @SitemapEntry}), {@link
 * org.sitemapkit.sample.boot.HelpSitemap} (a {@code UrlSource} bean for pages no annotation can list),
 * {@link org.sitemapkit.sample.boot.ProductSitemap} (the products, with stable pages), {@link
 * org.sitemapkit.sample.boot.Product} ({@code @SitemapSection}: committed changes re-render their pages)
 * and {@link org.sitemapkit.sample.boot.ProductAdmin} (writes through Spring Data JPA, with no call to
 * SitemapKit), then {@code application.properties} and {@code static/robots.txt}.
 */
package org.sitemapkit.sample.boot;
