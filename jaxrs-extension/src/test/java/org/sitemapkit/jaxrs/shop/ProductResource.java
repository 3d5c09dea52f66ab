package org.sitemapkit.jaxrs.shop;

import jakarta.servlet.ServletContext;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import java.sql.SQLException;
import org.sitemapkit.SitemapEntry;
import org.sitemapkit.model.Changefreq;

/** A product page per row of the database; a wrong slug is a 404, so a 200 proves the URL. */
@Path("products")
@Produces(MediaType.TEXT_HTML)
public class ProductResource {
    @Context
    private ServletContext servletContext;

    @GET
    @Path("{id}/{slug}")
    @SitemapEntry(section = "products", changefreq = Changefreq.WEEKLY, priority = 0.6, params = ProductParams.class)
    public String product(@PathParam("id") long id, @PathParam("slug") String slug) throws SQLException {
        Catalog catalog = (Catalog) servletContext.getAttribute(Catalog.ATTRIBUTE);
        if (!catalog.slug(id).filter(slug::equals).isPresent()) {
            throw new NotFoundException();
        }
        return "<h1>product " + id + ": " + slug + "</h1>";
    }
}
