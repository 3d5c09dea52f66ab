package org.sitemapkit.jpa;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.sitemapkit.source.SitemapSection;

/** An article: section "articles" is a plain query, so a committed change re-renders it whole. */
@Entity
@Table(name = "article")
@SitemapSection("articles")
public class Article {
    @Id
    private Long id;

    private String slug;

    protected Article() {}

    public Article(long id, String slug) {
        this.id = id;
        this.slug = slug;
    }

    public void setSlug(String slug) {
        this.slug = slug;
    }
}
