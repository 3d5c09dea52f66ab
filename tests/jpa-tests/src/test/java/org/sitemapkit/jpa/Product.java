package org.sitemapkit.jpa;

import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.util.HashSet;
import java.util.Set;
import org.sitemapkit.source.SitemapSection;

/** A product page: its committed changes re-render the page of stable section "products" holding its id. */
@Entity
@Table(name = "product")
@SitemapSection("products")
public class Product {
    @Id
    private Long id;

    private String slug;

    /** What the page shows beside its slug; a change here alone is a change of the product. */
    @ElementCollection
    private Set<String> tags = new HashSet<>();

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

    public Set<String> getTags() {
        return tags;
    }

    public void setSlug(String slug) {
        this.slug = slug;
    }
}
