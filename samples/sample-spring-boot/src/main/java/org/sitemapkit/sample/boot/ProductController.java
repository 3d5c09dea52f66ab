package org.sitemapkit.sample.boot;

import org.sitemapkit.SitemapEntry;
import org.sitemapkit.model.Changefreq;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/**
 * A product page. Its path has variables, so {@code @SitemapEntry} names a provider that fills
 * them: {@link ProductParams} gives one row per product.
 */
@RestController
@RequestMapping(produces = MediaType.TEXT_HTML_VALUE)
public class ProductController {
    private final Products products;

    public ProductController(Products products) {
        this.products = products;
    }

    /** The id decides; a stale slug gets a 301 to the canonical URL, the one the sitemap lists. */
    @GetMapping("/products/{id:\\d+}/{slug}")
    @SitemapEntry(section = "products", changefreq = Changefreq.WEEKLY, params = ProductParams.class)
    public ResponseEntity<String> product(@PathVariable long id, @PathVariable String slug) {
        Products.Product p = products.find(id).orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND));
        if (!p.slug().equals(slug)) {
            return ResponseEntity.status(HttpStatus.MOVED_PERMANENTLY)
                    .location(ServletUriComponentsBuilder.fromCurrentContextPath()
                            .path(p.path())
                            .build()
                            .toUri())
                    .build();
        }
        return ResponseEntity.ok(Html.page(
                p.name(),
                "<h1>" + Html.text(p.name()) + "</h1>\n<p>" + Html.text(p.price()) + "</p>\n<p>Updated "
                        + p.updated().toLocalDate() + ".</p>"));
    }
}
