package org.sitemapkit.springboot.app;

import org.sitemapkit.SitemapEntry;
import org.springframework.web.bind.annotation.GetMapping;

/** A list page every catalogue controller inherits: one page per controller, not one in all. */
public abstract class CatalogPages {
    @GetMapping("/list")
    @SitemapEntry
    public String list() {
        return "list of " + getClass().getSimpleName();
    }
}
