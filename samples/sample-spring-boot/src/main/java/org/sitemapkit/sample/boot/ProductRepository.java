package org.sitemapkit.sample.boot;

import java.time.OffsetDateTime;
import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.query.Param;

/** The products, through Spring Data JPA: the pages read them here and {@link ProductAdmin} writes them. */
public interface ProductRepository extends JpaRepository<Product, Long> {
    /** The home page's newest products. */
    List<Product> findTop5ByOrderByUpdatedDescIdDesc();

    /**
     * Marks the products {@code first} to {@code last} as updated at {@code when}, in one statement.
     * A bulk statement fires no entity event: the change feed sees the statement itself and
     * re-renders section {@code products} whole after the commit.
     */
    @Modifying
    @Query("update Product p set p.updated = :when where p.id between :first and :last")
    int touch(@Param("first") long first, @Param("last") long last, @Param("when") OffsetDateTime when);
}
