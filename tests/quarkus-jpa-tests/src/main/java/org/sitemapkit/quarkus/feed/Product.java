package org.sitemapkit.quarkus.feed;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.sitemapkit.source.SitemapSection;

/** A product: its committed changes re-render the page of stable section "products" holding its id. */
@Entity
@Table(name = "product")
@SitemapSection("products")
public class Product {
    @Id
    private Long id;

    private String slug;

    protected Product() {}

    public Product(long id, String slug) {
        this.id = id;
        this.slug = slug;
    }

    public Long getId() {
        return id;
    }

    public String getSlug() {
        return slug;
    }

    public void setSlug(String slug) {
        this.slug = slug;
    }
}
