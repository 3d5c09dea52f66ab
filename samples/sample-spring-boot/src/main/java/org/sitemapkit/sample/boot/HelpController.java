package org.sitemapkit.sample.boot;

import java.util.stream.Collectors;
import org.sitemapkit.SitemapEntry;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/**
 * The help centre: pages at any depth under {@code /help}, stored in the {@code help_page} table.
 * The index is an annotated page; the pages themselves are served by a catch-all mapping, which no
 * annotation can list, so {@link HelpSitemap} lists them.
 */
@RestController
@RequestMapping(produces = MediaType.TEXT_HTML_VALUE)
public class HelpController {
    private final HelpPageRepository pages;

    public HelpController(HelpPageRepository pages) {
        this.pages = pages;
    }

    @GetMapping("/help")
    @SitemapEntry
    public String index() {
        String list = pages.findAllByOrderByPathAsc().stream()
                .map(p -> "<li>" + Html.link("/help" + p.getPath(), p.getTitle()) + "</li>")
                .collect(Collectors.joining("\n"));
        return Html.page("Help", "<h1>Help</h1>\n<ul>\n" + list + "\n</ul>");
    }

    /** {@code {*path}} takes the rest of the path, slashes included, e.g. {@code /shipping/returns}. */
    @GetMapping("/help/{*path}")
    public String page(@PathVariable String path) {
        return pages.findById(path)
                .map(p -> Html.page(
                        p.getTitle(),
                        "<h1>" + Html.text(p.getTitle()) + "</h1>\n<p>" + Html.text(p.getBody()) + "</p>"))
                .orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND));
    }
}
