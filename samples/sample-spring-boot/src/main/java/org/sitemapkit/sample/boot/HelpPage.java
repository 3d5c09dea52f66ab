package org.sitemapkit.sample.boot;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;
import org.sitemapkit.source.SitemapSection;

/**
 * A help page, a row of table {@code help_page}. Section {@code help} is a plain one ({@link
 * HelpSitemap}), and the key is a path, not a number: a committed change renders the section whole.
 */
@Entity
@Table(name = "help_page")
@SitemapSection("help")
public class HelpPage {
    /** The page's path under {@code /help}, such as {@code /shipping/returns}. */
    @Id
    @Column(name = "path", length = 100)
    private String path;

    @Column(name = "title", nullable = false, length = 100)
    private String title;

    @Column(name = "body", nullable = false, length = 2000)
    private String body;

    @Column(name = "updated", nullable = false)
    private OffsetDateTime updated;

    /** For JPA. */
    protected HelpPage() {}

    public String getPath() {
        return path;
    }

    public String getTitle() {
        return title;
    }

    public String getBody() {
        return body;
    }

    public OffsetDateTime getUpdated() {
        return updated;
    }
}
