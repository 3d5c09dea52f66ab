package org.sitemapkit.sample.boot;

import java.util.stream.Collectors;
import org.sitemapkit.SitemapEntry;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.JdbcTemplate;
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
    private final JdbcTemplate jdbc;

    public HelpController(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @GetMapping("/help")
    @SitemapEntry
    public String index() {
        String pages = jdbc
                .query(
                        "SELECT path, title FROM help_page ORDER BY path",
                        (rs, n) -> "<li>" + Html.link("/help" + rs.getString(1), rs.getString(2)) + "</li>")
                .stream()
                .collect(Collectors.joining("\n"));
        return Html.page("Help", "<h1>Help</h1>\n<ul>\n" + pages + "\n</ul>");
    }

    /** {@code {*path}} takes the rest of the path, slashes included, e.g. {@code /shipping/returns}. */
    @GetMapping("/help/{*path}")
    public String page(@PathVariable String path) {
        return jdbc
                .query(
                        "SELECT title, body FROM help_page WHERE path = ?",
                        (rs, n) -> Html.page(
                                rs.getString(1),
                                "<h1>" + Html.text(rs.getString(1)) + "</h1>\n<p>" + Html.text(rs.getString(2))
                                        + "</p>"),
                        path)
                .stream()
                .findFirst()
                .orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND));
    }
}
