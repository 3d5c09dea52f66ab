package org.sitemapkit.springboot.app;

import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** Two controllers sharing {@link CatalogPages}' annotated method. */
final class Catalogs {
    private Catalogs() {}

    @RestController
    @RequestMapping("/shoes")
    static class Shoes extends CatalogPages {}

    @RestController
    @RequestMapping("/hats")
    static class Hats extends CatalogPages {}
}
