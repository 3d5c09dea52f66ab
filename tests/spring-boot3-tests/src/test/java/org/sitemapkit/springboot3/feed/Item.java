package org.sitemapkit.springboot3.feed;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.sitemapkit.source.SitemapSection;

/** An item page: its committed changes re-render the page of stable section "items" holding its id. */
@Entity
@Table(name = "feed_item")
@SitemapSection("items")
public class Item {
    @Id
    private Long id;

    private String slug;

    protected Item() {}

    public Item(long id, String slug) {
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
