package org.sitemapkit.quarkus.feed;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import org.sitemapkit.SitemapEntry;

/** A plain page, in the default section "pages": the application's @SitemapEntry beside the stable source. */
@Path("api/about")
public class AboutResource {

    @GET
    @Produces("text/plain")
    @SitemapEntry
    public String about() {
        return "About this shop\n";
    }
}
