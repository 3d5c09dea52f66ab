package org.sitemapkit.sample;

import jakarta.servlet.ServletContext;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.net.URI;
import java.sql.SQLException;

/**
 * A product page. It has no {@code @SitemapEntry}: the products section has stable pages, registered by
 * {@link ProductSitemap} with the core API, so that one changed product changes one sitemap page.
 */
@Path("products")
@Produces(MediaType.TEXT_HTML + ";charset=UTF-8")
public class ProductResource {

    @Context
    private ServletContext servletContext;

    @Context
    private UriInfo uriInfo;

    /** Made by Jersey, once per request. */
    public ProductResource() {
        // fields are injected
    }

    /**
     * The product page. The id decides; a stale or mistyped slug gets a 301 to the canonical URL (the one the
     * sitemap lists), so old links keep working and search engines keep one URL per product.
     *
     * @param id the product's id
     * @param slug its slug, e.g. {@code widget-1}
     * @return the page, a 301 to the right slug, or 404 for an unknown id
     * @throws SQLException if the database fails
     */
    @GET
    @Path("{id}/{slug}")
    public Response product(@PathParam("id") long id, @PathParam("slug") String slug) throws SQLException {
        Catalog catalog = Catalog.of(servletContext);
        Catalog.Product product = catalog.product(id).orElseThrow(NotFoundException::new);
        Links links = Links.of(uriInfo);
        String canonical = Links.productPath(product.id(), product.slug());
        if (!product.slug().equals(slug)) {
            return Response.status(Response.Status.MOVED_PERMANENTLY)
                    .location(URI.create(links.absolute(canonical)))
                    .build();
        }
        Catalog.Category category = catalog.category(product.categoryId()).orElseThrow();
        String body = "<h1>" + Html.text(product.name()) + "</h1>\n"
                + "<p><img src=\"" + Html.text(links.href(Links.productImagePath(product.id()))) + "\" alt=\""
                + Html.text(product.name()) + "\" width=\"320\" height=\"240\"></p>\n"
                + "<p>Price: " + Html.text(product.price()) + "</p>\n"
                + "<p>In " + Html.link(links.href(Links.categoryPath(category.slug())), category.name())
                + ". Updated <time datetime=\"" + product.updated() + "\">"
                + product.updated().toLocalDate()
                + "</time>.</p>";
        String head = "<link rel=\"canonical\" href=\"" + Html.text(links.absolute(canonical)) + "\">\n";
        return Response.ok(Html.page(links, "en", product.name(), head, body)).build();
    }
}
