package org.sitemapkit.sample.boot;

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
 * A product page. It has no {@code @SitemapEntry}: section {@code products} has stable pages,
 * listed by {@link ProductSitemap} from the same table.
 */
@RestController
@RequestMapping(produces = MediaType.TEXT_HTML_VALUE)
public class ProductController {
    private final ProductRepository products;

    public ProductController(ProductRepository products) {
        this.products = products;
    }

    /** The id decides; a stale slug gets a 301 to the canonical URL, the one the sitemap lists. */
    @GetMapping("/products/{id:\\d+}/{slug}")
    public ResponseEntity<String> product(@PathVariable long id, @PathVariable String slug) {
        Product p = products.findById(id).orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND));
        if (!p.getSlug().equals(slug)) {
            return ResponseEntity.status(HttpStatus.MOVED_PERMANENTLY)
                    .location(ServletUriComponentsBuilder.fromCurrentContextPath()
                            .path(p.path())
                            .build()
                            .toUri())
                    .build();
        }
        return ResponseEntity.ok(Html.page(
                p.getName(),
                "<h1>" + Html.text(p.getName()) + "</h1>\n<p>" + Html.text(p.price()) + "</p>\n<p>Updated "
                        + p.getUpdated().toLocalDate() + ".</p>"));
    }
}
