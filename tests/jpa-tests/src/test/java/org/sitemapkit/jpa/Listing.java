package org.sitemapkit.jpa;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.sitemapkit.source.SitemapSection;

/**
 * A listing shown on the page of the product it names: keyed by that product's number, not by its
 * own id, so moving it to another product re-renders both products' pages.
 */
@Entity
@Table(name = "listing")
@SitemapSection(value = "products", key = "productNumber")
public class Listing {
    @Id
    private Long id;

    private long productNumber;

    protected Listing() {}

    public Listing(long id, long productNumber) {
        this.id = id;
        this.productNumber = productNumber;
    }

    public void setProductNumber(long productNumber) {
        this.productNumber = productNumber;
    }
}
