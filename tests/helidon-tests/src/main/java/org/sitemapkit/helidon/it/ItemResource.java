package org.sitemapkit.helidon.it;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import org.sitemapkit.SitemapEntry;
import org.sitemapkit.model.Changefreq;

/** A templated page filled by {@link ItemParams}, one URL per catalogue row. */
@RequestScoped
@Path("items")
public class ItemResource {

    @Inject
    ItemCatalog catalog;

    @GET
    @Path("{id}/{slug}")
    @Produces("text/plain")
    @SitemapEntry(section = "items", changefreq = Changefreq.WEEKLY, params = ItemParams.class)
    public String item(@PathParam("id") long id, @PathParam("slug") String slug) {
        ItemCatalog.Item item =
                catalog.find(id).filter(i -> i.slug().equals(slug)).orElseThrow(NotFoundException::new);
        return "item " + id + " " + slug + "\n" + item.name() + ", updated " + item.day() + "\n";
    }
}
