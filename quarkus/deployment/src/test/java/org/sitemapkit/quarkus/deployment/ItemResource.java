package org.sitemapkit.quarkus.deployment;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import org.sitemapkit.SitemapEntry;
import org.sitemapkit.model.Changefreq;

/** A templated path, filled by a CDI bean. */
@Path("items")
@Produces("text/plain")
public class ItemResource {

    @GET
    @Path("{id}")
    @SitemapEntry(section = "items", changefreq = Changefreq.DAILY, params = ItemParams.class)
    public String item(@PathParam("id") long id) {
        return "Item " + id + "\n";
    }
}
