package org.sitemapkit.springboot.app;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import org.sitemapkit.SitemapEntry;

/** The API's items on Jersey, under {@code /api}. */
@Path("items")
public class ItemResource {
    @GET
    @SitemapEntry(section = "items")
    public String all() {
        return "items";
    }

    @GET
    @Path("{id}")
    @SitemapEntry(section = "items", params = ItemParams.class)
    public String item(@PathParam("id") long id) {
        return "item " + id;
    }
}
