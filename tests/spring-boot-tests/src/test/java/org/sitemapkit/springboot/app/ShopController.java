package org.sitemapkit.springboot.app;

import org.sitemapkit.SitemapEntry;
import org.sitemapkit.model.Changefreq;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.bind.annotation.RestController;

/** The shop's pages on Spring MVC. */
@RestController
public class ShopController {
    @GetMapping("/")
    @SitemapEntry(changefreq = Changefreq.DAILY, priority = 1.0)
    public String home() {
        return "home";
    }

    @RequestMapping(path = "/about", method = RequestMethod.GET)
    @SitemapEntry
    public String about() {
        return "about";
    }

    /** Listed here, but the application's robots.txt disallows it: SitemapKit leaves it out. */
    @GetMapping("/private/offers")
    @SitemapEntry
    public String offers() {
        return "offers";
    }

    @GetMapping("/products/{id:\\d+}/{slug}")
    @SitemapEntry(section = "products", changefreq = Changefreq.WEEKLY, params = ProductParams.class)
    public String product(@PathVariable long id, @PathVariable String slug) {
        return "product " + id + " " + slug;
    }

    /** Not a page: no annotation, not listed. */
    @GetMapping("/cart")
    public String cart() {
        return "cart";
    }
}
