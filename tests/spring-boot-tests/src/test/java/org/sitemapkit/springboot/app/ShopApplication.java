package org.sitemapkit.springboot.app;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A shop as a Boot user writes it: Spring MVC pages and products, a Jersey API under
 * {@code /api}, a {@code UrlSource} bean, and its own {@code static/robots.txt}. Nothing of it
 * wires SitemapKit: the starter on the class path is all.
 */
@SpringBootApplication
public class ShopApplication {}
