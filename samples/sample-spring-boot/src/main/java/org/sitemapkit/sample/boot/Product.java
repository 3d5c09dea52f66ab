package org.sitemapkit.sample.boot;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import org.sitemapkit.source.SitemapSection;

/**
 * A product, a row of table {@code product}. {@code @SitemapSection("products")} is the whole of
 * keeping the sitemap fresh: after every committed transaction that inserted, updated or deleted
 * products, SitemapKit re-renders the pages of section {@code products} that hold their ids, with
 * no call in the controllers ({@link ProductAdmin} writes, {@link ProductSitemap} lists).
 */
@Entity
@Table(name = "product")
@SitemapSection("products")
public class Product {
    @Id
    private Long id;

    @Column(name = "slug", nullable = false, unique = true, length = 60)
    private String slug;

    @Column(name = "name", nullable = false, length = 60)
    private String name;

    @Column(name = "price_cents", nullable = false)
    private int priceCents;

    @Column(name = "updated", nullable = false)
    private OffsetDateTime updated;

    /** For JPA. */
    protected Product() {}

    /** A new product named {@code name}, updated now; its slug follows from the name and the id. */
    public Product(long id, String name, int priceCents) {
        this.id = id;
        this.priceCents = priceCents;
        rename(name);
    }

    /** A new name, and the slug and the updated time that go with it. */
    public void rename(String newName) {
        name = newName;
        slug = slug(newName, id);
        updated = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.SECONDS);
    }

    /** {@code "Brass Sprocket 42"} and 42 make {@code brass-sprocket-42}: the id keeps it unique. */
    static String slug(String name, long id) {
        String words = name.toLowerCase(Locale.ROOT)
                .replaceAll("[^a-z0-9]+", "-")
                .replaceAll("^-|-$", "")
                .replaceAll("-" + id + "$", "");
        String tail = "-" + id;
        return (words.length() + tail.length() > 60 ? words.substring(0, 60 - tail.length()) : words) + tail;
    }

    public long getId() {
        return id;
    }

    public String getSlug() {
        return slug;
    }

    public String getName() {
        return name;
    }

    public OffsetDateTime getUpdated() {
        return updated;
    }

    /** Its canonical URL, the one the sitemap lists. */
    public String path() {
        return "/products/" + id + "/" + slug;
    }

    public String price() {
        return String.format(Locale.ROOT, "%d.%02d EUR", priceCents / 100, priceCents % 100);
    }
}
