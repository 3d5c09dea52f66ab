package org.sitemapkit.sample.boot;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The shop's entry point. Nothing here wires SitemapKit: with the starter on the class path, the
 * shop serves {@code /sitemap.xml}, its pages, {@code /sitemap.html} and {@code /robots.txt}.
 */
@SpringBootApplication
public class ShopApplication {
    public static void main(String[] args) {
        SpringApplication.run(ShopApplication.class, args);
    }
}
