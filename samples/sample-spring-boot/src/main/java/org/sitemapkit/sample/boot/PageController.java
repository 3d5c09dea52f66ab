package org.sitemapkit.sample.boot;

import java.util.stream.Collectors;
import org.sitemapkit.SitemapEntry;
import org.sitemapkit.model.Changefreq;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The fixed pages. {@code @SitemapEntry} on a handler method lists its path once, in section
 * {@code pages} unless it names another.
 */
@RestController
@RequestMapping(produces = MediaType.TEXT_HTML_VALUE)
public class PageController {
    private final ProductRepository products;

    public PageController(ProductRepository products) {
        this.products = products;
    }

    @GetMapping("/")
    @SitemapEntry(changefreq = Changefreq.DAILY, priority = 1.0)
    public String home() {
        String newest = products.findTop5ByOrderByUpdatedDescIdDesc().stream()
                .map(p -> "<li>" + Html.link(p.path(), p.getName()) + " " + Html.text(p.price()) + "</li>")
                .collect(Collectors.joining("\n"));
        return Html.page(
                "Home",
                "<h1>" + Html.SHOP + "</h1>\n<p>Everything a workshop needs, and a live sitemap of all of it.</p>\n"
                        + "<h2>Newest products</h2>\n<ul>\n" + newest + "\n</ul>");
    }

    @GetMapping("/about")
    @SitemapEntry(changefreq = Changefreq.MONTHLY, priority = 0.3)
    public String about() {
        return Html.page(
                "About",
                "<h1>About this shop</h1>\n<p>The Spring Boot tutorial of SitemapKit: Spring MVC controllers marked"
                        + " with <code>@SitemapEntry</code>, products in an H2 database through Spring Data JPA.</p>");
    }

    @GetMapping("/contact")
    @SitemapEntry(changefreq = Changefreq.YEARLY, priority = 0.3)
    public String contact() {
        return Html.page(
                "Contact",
                "<h1>Contact</h1>\n<p>Write to <a href=\"mailto:shop@example.com\">shop@example.com</a>.</p>");
    }

    /**
     * Annotated ahead of the launch, but {@code static/robots.txt} disallows {@code /preview/}: SitemapKit
     * leaves out what the shop's robots.txt forbids, so the sitemap never lists it too early.
     */
    @GetMapping("/preview/summer-sale")
    @SitemapEntry(changefreq = Changefreq.DAILY)
    public String summerSale() {
        return Html.page("Summer sale", "<h1>Summer sale</h1>\n<p>Coming soon: every sprocket at half price.</p>");
    }
}
