package org.sitemapkit.sample.boot;

import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;

/** The help pages, through Spring Data JPA. */
public interface HelpPageRepository extends JpaRepository<HelpPage, String> {
    List<HelpPage> findAllByOrderByPathAsc();
}
