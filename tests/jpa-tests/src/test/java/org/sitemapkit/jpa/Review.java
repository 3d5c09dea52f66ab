package org.sitemapkit.jpa;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/**
 * A review, shown on its product's page: not annotated, but registered in code with
 * {@code SitemapKit.feed(Review.class, "products", Review::getProductId)}.
 */
@Entity
@Table(name = "review")
public class Review {
    @Id
    private Long id;

    private long productId;

    private String text;

    protected Review() {}

    public Review(long id, long productId, String text) {
        this.id = id;
        this.productId = productId;
        this.text = text;
    }

    public long getProductId() {
        return productId;
    }

    public void setText(String text) {
        this.text = text;
    }
}
