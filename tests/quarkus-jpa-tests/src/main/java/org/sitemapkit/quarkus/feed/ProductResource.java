package org.sitemapkit.quarkus.feed;

import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;

/** A product's page; listed by {@link ProductPages}' stable source, not by {@code @SitemapEntry}. */
@Path("api/products")
public class ProductResource {
    @Inject
    EntityManager em;

    @GET
    @Path("{id}/{slug}")
    @Produces("text/plain")
    public String product(@PathParam("id") long id, @PathParam("slug") String slug) {
        Product p = em.find(Product.class, id);
        if (p == null || !p.getSlug().equals(slug)) {
            throw new NotFoundException();
        }
        return "product " + id + " " + slug + "\n";
    }
}
