package org.sitemapkit.sample;

import jakarta.servlet.ServletContext;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;
import java.sql.SQLException;
import org.sitemapkit.SitemapEntry;
import org.sitemapkit.model.Changefreq;

/**
 * The fixed pages: home, about and contact. {@code @SitemapEntry} without {@code params} lists a plain path
 * once; the section defaults to {@code pages}.
 */
@Path("/")
@Produces(MediaType.TEXT_HTML + ";charset=UTF-8")
public class PageResource {

    /** The shop's name, on every page; tests look for it. */
    public static final String HEADING = "SitemapKit sample shop";

    @Context
    private ServletContext servletContext;

    @Context
    private UriInfo uriInfo;

    /** Made by Jersey, once per request. */
    public PageResource() {
        // fields are injected
    }

    /**
     * The home page: the categories and the articles.
     *
     * @return the page
     * @throws SQLException if the database fails
     */
    @GET
    @SitemapEntry(changefreq = Changefreq.DAILY, priority = 1.0)
    public String home() throws SQLException {
        Catalog catalog = Catalog.of(servletContext);
        Links links = Links.of(uriInfo);
        StringBuilder body = new StringBuilder();
        body.append("<h1>")
                .append(Html.text(HEADING))
                .append("</h1>\n")
                .append("<p>Everything a workshop needs, and a live sitemap of all of it.</p>\n")
                .append("<h2>Categories</h2>\n<ul>\n");
        for (Catalog.Category c : catalog.categories()) {
            body.append("<li>")
                    .append(Html.link(links.href(Links.categoryPath(c.slug())), c.name()))
                    .append(" – ")
                    .append(Html.text(c.blurb()))
                    .append("</li>\n");
        }
        body.append("</ul>\n<h2>Articles</h2>\n<ul>\n");
        for (Catalog.Article a : catalog.articles("en")) {
            body.append("<li>")
                    .append(Html.link(links.href(Links.articlePath("en", a.slug())), a.title()))
                    .append("</li>\n");
        }
        body.append("</ul>\n");
        return Html.page(links, "en", "Home", "", body.toString());
    }

    /**
     * What this shop is.
     *
     * @return the page
     */
    @GET
    @Path("about")
    @SitemapEntry(changefreq = Changefreq.MONTHLY, priority = 0.3)
    public String about() {
        Links links = Links.of(uriInfo);
        return Html.page(
                links,
                "en",
                "About",
                "",
                "<h1>About this shop</h1>\n"
                        + "<p>This shop is the tutorial application of SitemapKit. Its pages are JAX-RS resources marked with"
                        + " <code>@SitemapEntry</code>; its products come from an H2 database, streamed into the sitemap"
                        + " through a JDBC cursor.</p>\n<p>See the result: "
                        + Html.link(links.href("/sitemap.xml"), "/sitemap.xml") + ", "
                        + Html.link(links.href("/sitemap.html"), "/sitemap.html") + " and "
                        + Html.link(links.href("/robots.txt"), "/robots.txt") + ".</p>");
    }

    /**
     * How to reach the shop.
     *
     * @return the page
     */
    @GET
    @Path("contact")
    @SitemapEntry(changefreq = Changefreq.YEARLY, priority = 0.3)
    public String contact() {
        return Html.page(
                Links.of(uriInfo),
                "en",
                "Contact",
                "",
                "<h1>Contact</h1>\n"
                        + "<p>Write to <a href=\"mailto:shop@example.com\">shop@example.com</a>; we answer within"
                        + " a sprocket's turn.</p>");
    }
}
