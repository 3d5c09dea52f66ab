package org.sitemapkit.itwar;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import org.sitemapkit.SitemapEntry;
import org.sitemapkit.model.Changefreq;

/**
 * A templated page filled by {@link ItemParams}. It injects nothing, so it answers the same under
 * plain Jersey (no CDI integration) as under RESTEasy or Jersey with Weld.
 */
@Path("items")
public class ItemResource {

    @GET
    @Path("{id}/{slug}")
    @Produces("text/plain")
    @SitemapEntry(section = "items", changefreq = Changefreq.WEEKLY, params = ItemParams.class)
    public String item(@PathParam("id") long id, @PathParam("slug") String slug) {
        return "item " + id + " " + slug + "\n";
    }
}
