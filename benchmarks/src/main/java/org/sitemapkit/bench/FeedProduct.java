package org.sitemapkit.bench;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import org.sitemapkit.source.SitemapSection;

/** The product the change feed benchmark writes through Hibernate: a slug and a lastmod per row. */
@Entity
@Table(name = "product")
@SitemapSection("products")
public class FeedProduct {
    @Id
    private Long id;

    private String slug;

    private Instant updated;

    protected FeedProduct() {}

    void touch(String slug, Instant now) {
        this.slug = slug;
        this.updated = now;
    }
}
