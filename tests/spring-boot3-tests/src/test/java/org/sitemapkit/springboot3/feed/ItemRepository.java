package org.sitemapkit.springboot3.feed;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.query.Param;

/** The items through Spring Data JPA, with one bulk statement, which fires no entity event. */
public interface ItemRepository extends JpaRepository<Item, Long> {
    @Modifying
    @Query("update Item i set i.slug = concat(:prefix, i.slug) where i.id between :first and :last")
    int prefix(@Param("prefix") String prefix, @Param("first") long first, @Param("last") long last);
}
