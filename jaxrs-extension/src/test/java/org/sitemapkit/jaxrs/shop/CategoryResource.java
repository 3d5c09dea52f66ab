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

/** Category pages, names with characters that must be percent-encoded. */
@Path("/categories/")
@Produces(MediaType.TEXT_HTML)
public class CategoryResource {
    @Context
    private ServletContext servletContext;

    @GET
    @Path("/{name}")
    @SitemapEntry(section = "categories", changefreq = Changefreq.WEEKLY, priority = 0.5, params = CategoryParams.class)
    public String category(@PathParam("name") String name) throws SQLException {
        Catalog catalog = (Catalog) servletContext.getAttribute(Catalog.ATTRIBUTE);
        if (!catalog.hasCategory(name)) {
            throw new NotFoundException();
        }
        return "<h1>category " + name + "</h1>";
    }
}
