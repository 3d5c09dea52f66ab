package org.sitemapkit.sample;

import jakarta.servlet.ServletContext;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;
import java.sql.SQLException;
import java.util.List;
import org.sitemapkit.SitemapEntry;
import org.sitemapkit.model.Changefreq;

/**
 * The articles, in English at {@code /en/articles/{slug}} and in German at {@code /de/artikel/{slug}}. Each
 * page names its translations with {@code <link rel="alternate" hreflang>}, and the sitemap says the same with
 * {@code xhtml:link} alternates, which {@link ArticleParams} adds to every row.
 */
@Path("/")
@Produces(MediaType.TEXT_HTML + ";charset=UTF-8")
public class ArticleResource {

    /** The languages, English first: it is also the {@code x-default}. */
    static final List<String> LANGUAGES = List.of("en", "de");

    @Context
    private ServletContext servletContext;

    @Context
    private UriInfo uriInfo;

    /** Made by Jersey, once per request. */
    public ArticleResource() {
        // fields are injected
    }

    /**
     * An article in English.
     *
     * @param slug the English slug
     * @return the page, or 404
     * @throws SQLException if the database fails
     */
    @GET
    @Path("en/articles/{slug}")
    @SitemapEntry(
            section = "articles",
            changefreq = Changefreq.MONTHLY,
            priority = 0.5,
            params = ArticleParams.English.class)
    public String english(@PathParam("slug") String slug) throws SQLException {
        return article("en", slug);
    }

    /**
     * An article in German.
     *
     * @param slug the German slug
     * @return the page, or 404
     * @throws SQLException if the database fails
     */
    @GET
    @Path("de/artikel/{slug}")
    @SitemapEntry(
            section = "articles",
            changefreq = Changefreq.MONTHLY,
            priority = 0.5,
            params = ArticleParams.German.class)
    public String german(@PathParam("slug") String slug) throws SQLException {
        return article("de", slug);
    }

    private String article(String lang, String slug) throws SQLException {
        Catalog catalog = Catalog.of(servletContext);
        Catalog.Article article = catalog.article(lang, slug).orElseThrow(NotFoundException::new);
        Links links = Links.of(uriInfo);
        StringBuilder head = new StringBuilder();
        StringBuilder translations = new StringBuilder();
        for (String other : LANGUAGES) {
            Catalog.Article version = other.equals(lang)
                    ? article
                    : catalog.translation(article, other).orElse(null);
            if (version == null) {
                continue;
            }
            String href = Html.text(links.absolute(Links.articlePath(other, version.slug())));
            head.append("<link rel=\"alternate\" hreflang=\"")
                    .append(other)
                    .append("\" href=\"")
                    .append(href)
                    .append("\">\n");
            if (other.equals("en")) {
                head.append("<link rel=\"alternate\" hreflang=\"x-default\" href=\"")
                        .append(href)
                        .append("\">\n");
            }
            if (!other.equals(lang)) {
                translations
                        .append("<p lang=\"")
                        .append(other)
                        .append("\">")
                        .append(other.equals("de") ? "Auf Deutsch: " : "In English: ")
                        .append("<a hreflang=\"")
                        .append(other)
                        .append("\" href=\"")
                        .append(Html.text(links.href(Links.articlePath(other, version.slug()))))
                        .append("\">")
                        .append(Html.text(version.title()))
                        .append("</a></p>\n");
            }
        }
        StringBuilder body = new StringBuilder();
        body.append("<article>\n<h1>").append(Html.text(article.title())).append("</h1>\n");
        for (String paragraph : article.body().split("\n\n")) {
            body.append("<p>").append(Html.text(paragraph)).append("</p>\n");
        }
        body.append("</article>\n").append(translations);
        return Html.page(links, lang, article.title(), head.toString(), body.toString());
    }
}
