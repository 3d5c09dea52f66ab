package org.sitemapkit.quarkus.it;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import org.sitemapkit.SitemapEntry;

/** A plain page: one URL in the default section "pages", its lastmod from a provider that is no bean. */
@Path("api/about")
public class AboutResource {

    @GET
    @Produces("text/plain")
    @SitemapEntry(params = AboutLastmod.class)
    public String about() {
        return "About this shop\n";
    }
}
