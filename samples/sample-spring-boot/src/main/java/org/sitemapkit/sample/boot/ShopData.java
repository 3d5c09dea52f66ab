package org.sitemapkit.sample.boot;

import jakarta.annotation.PostConstruct;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Fills the product table ({@code schema.sql} made it) with {@code shop.products} rows before the
 * server takes requests. One {@code INSERT ... SELECT} over H2's {@code SYSTEM_RANGE}, so the rows
 * never pass through Java. Every value follows from the id, so every start has the same data:
 * product 42 is "Brass Sprocket 42" at {@code /products/42/brass-sprocket-42}.
 */
@Component
public class ShopData {
    private static final Logger LOG = LoggerFactory.getLogger(ShopData.class);

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
        jdbc.update("""
                INSERT INTO product (id, slug, name, price_cents, updated)
                SELECT X, LOWER(m || '-' || t) || '-' || X, m || ' ' || t || ' ' || X, 199 + MOD(X * 7919, 9800),
                       DATEADD(MINUTE, X * 5, TIMESTAMP WITH TIME ZONE '2025-01-01 00:00:00+00')
                FROM (SELECT X,
                             ARRAY['Brass', 'Steel', 'Oak', 'Copper', 'Walnut', 'Iron', 'Maple'][MOD(X, 7) + 1] AS m,
                             ARRAY['Widget', 'Hinge', 'Sprocket', 'Lantern', 'Bracket'][MOD(X, 5) + 1] AS t
                      FROM SYSTEM_RANGE(1, ?))
                """, products);
        LOG.info("shop data: {} products", products);
    }
}
