package org.sitemapkit.sample;

import jakarta.servlet.ServletContext;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;
import java.sql.SQLException;
import org.sitemapkit.SitemapEntry;
import org.sitemapkit.model.Changefreq;

/**
 * A category and its products, {@value #PAGE_SIZE} per page. The sitemap lists each category once, at its
 * first page: {@code ?page=n} URLs are navigation, reached by crawlers through the links.
 */
@Path("categories")
@Produces(MediaType.TEXT_HTML + ";charset=UTF-8")
public class CategoryResource {

    /** Products per page of a category. */
    static final int PAGE_SIZE = 48;

    @Context
    private ServletContext servletContext;

    @Context
    private UriInfo uriInfo;

    /** Made by Jersey, once per request. */
    public CategoryResource() {
        // fields are injected
    }

    /**
     * One page of a category's products.
     *
     * @param slug the category, e.g. {@code widgets}
     * @param page from 1
     * @return the page; 404 for an unknown category or a page past the end
     * @throws SQLException if the database fails
     */
    @GET
    @Path("{slug}")
    @SitemapEntry(section = "categories", changefreq = Changefreq.DAILY, priority = 0.8, params = CategoryParams.class)
    public String category(@PathParam("slug") String slug, @QueryParam("page") @DefaultValue("1") int page)
            throws SQLException {
        Catalog catalog = Catalog.of(servletContext);
        Catalog.Category category = catalog.category(slug).orElseThrow(NotFoundException::new);
        long count = catalog.productCount(category.id());
        long pages = Math.max(1, (count + PAGE_SIZE - 1) / PAGE_SIZE);
        if (page < 1 || page > pages) {
            throw new NotFoundException();
        }
        Links links = Links.of(uriInfo);
        String self = links.href(Links.categoryPath(slug));
        StringBuilder body = new StringBuilder();
        body.append("<h1>")
                .append(Html.text(category.name()))
                .append("</h1>\n<p>")
                .append(Html.text(category.blurb()))
                .append(" ")
                .append(count)
                .append(" products.</p>\n")
                .append("<ul class=\"products\">\n");
        for (Catalog.Product p : catalog.products(category.id(), (page - 1L) * PAGE_SIZE, PAGE_SIZE)) {
            body.append("<li>")
                    .append(Html.link(links.href(Links.productPath(p.id(), p.slug())), p.name()))
                    .append(" – ")
                    .append(Html.text(p.price()))
                    .append("</li>\n");
        }
        body.append("</ul>\n<p>");
        if (page > 1) {
            body.append(Html.link(self + (page == 2 ? "" : "?page=" + (page - 1)), "← previous"))
                    .append(' ');
        }
        body.append("page ").append(page).append(" of ").append(pages);
        if (page < pages) {
            body.append(' ').append(Html.link(self + "?page=" + (page + 1), "next →"));
        }
        body.append("</p>");
        return Html.page(links, "en", category.name() + (page == 1 ? "" : ", page " + page), "", body.toString());
    }
}
