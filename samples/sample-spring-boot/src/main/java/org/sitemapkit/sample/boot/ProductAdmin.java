package org.sitemapkit.sample.boot;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The shop's writes, each in one transaction. None of them tells SitemapKit anything: {@link
 * Product}'s {@code @SitemapSection} does, after the commit, and only then. A write that fails rolls
 * back and re-renders nothing.
 */
@Service
public class ProductAdmin {
    private final ProductRepository products;

    public ProductAdmin(ProductRepository products) {
        this.products = products;
    }

    /**
     * Renames a product, which gives it a new slug (a new URL) and updates it now.
     *
     * @return false for an unknown id
     */
    @Transactional
    public boolean rename(long id, String name) {
        return products.findById(id)
                .map(p -> {
                    p.rename(name);
                    return true;
                })
                .orElse(false);
    }

    /**
     * Removes a product.
     *
     * @return false for an unknown id
     */
    @Transactional
    public boolean delete(long id) {
        return products.findById(id)
                .map(p -> {
                    products.delete(p);
                    return true;
                })
                .orElse(false);
    }

    /**
     * Marks the products {@code first} to {@code last} as updated now, in one bulk statement.
     *
     * @return how many products it changed
     */
    @Transactional
    public int touch(long first, long last) {
        return products.touch(first, last, OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.SECONDS));
    }
}
