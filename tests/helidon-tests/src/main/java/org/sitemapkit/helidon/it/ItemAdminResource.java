package org.sitemapkit.helidon.it;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.concurrent.TimeUnit;
import org.sitemapkit.SitemapKit;

/**
 * The back office's rename: the row changes, and the injected SitemapKit re-renders the section,
 * so the sitemap lists the new slug once this answers.
 */
@RequestScoped
@Path("admin/items/{id}/rename")
public class ItemAdminResource {
    @Inject
    ItemCatalog catalog;

    @Inject
    SitemapKit sitemaps;

    @POST
    public Response rename(@PathParam("id") long id, @QueryParam("name") String name) throws Exception {
        if (catalog.find(id).isEmpty() || name == null || name.isBlank()) {
            return Response.status(Response.Status.BAD_REQUEST).build();
        }
        catalog.rename(id, name, OffsetDateTime.now(ZoneOffset.UTC).withNano(0));
        sitemaps.invalidate("items").get(30, TimeUnit.SECONDS);
        return Response.noContent().build();
    }
}
