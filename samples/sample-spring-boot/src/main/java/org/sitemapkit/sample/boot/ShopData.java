package org.sitemapkit.sample.boot;

import jakarta.annotation.PostConstruct;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Fills the product table ({@code schema.sql} made it) with {@code shop.products} rows before the
 * server takes requests, in JDBC batches: loading data is no job for entities, and no render is
 * waiting for it yet. Every value follows from the id, so every start has the same data: product
 * 42 is "Brass Sprocket 42" at {@code /products/42/brass-sprocket-42}.
 */
@Component
public class ShopData {
    private static final Logger LOG = LoggerFactory.getLogger(ShopData.class);
    private static final String[] MATERIALS = {"Brass", "Steel", "Oak", "Copper", "Walnut", "Iron", "Maple"};
    private static final String[] THINGS = {"Widget", "Hinge", "Sprocket", "Lantern", "Bracket"};
    private static final OffsetDateTime START = OffsetDateTime.of(2025, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC);
    private static final int BATCH = 1_000;

    private final JdbcTemplate jdbc;
    private final int products;

    public ShopData(JdbcTemplate jdbc, @Value("${shop.products:20000}") int products) {
        if (products < 0) {
            throw new IllegalArgumentException("shop.products must be 0 or more: " + products);
        }
        this.jdbc = jdbc;
        this.products = products;
    }

    @PostConstruct
    void seed() {
        List<Object[]> rows = new ArrayList<>(BATCH);
        for (long id = 1; id <= products; id++) {
            String name = MATERIALS[(int) (id % 7)] + " " + THINGS[(int) (id % 5)] + " " + id;
            rows.add(new Object[] {
                id,
                name.toLowerCase(Locale.ROOT).replace(' ', '-'),
                name,
                199 + (int) (id * 7919 % 9800),
                START.plusMinutes(id * 5)
            });
            if (rows.size() == BATCH || id == products) {
                jdbc.batchUpdate(
                        "INSERT INTO product (id, slug, name, price_cents, updated) VALUES (?, ?, ?, ?, ?)", rows);
                rows.clear();
            }
        }
        LOG.info("shop data: {} products", products);
    }
}
