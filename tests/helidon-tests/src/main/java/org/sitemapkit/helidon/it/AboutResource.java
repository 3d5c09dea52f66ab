package org.sitemapkit.helidon.it;

import jakarta.enterprise.context.RequestScoped;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import org.sitemapkit.SitemapEntry;

/** A plain page: one URL in the default section "pages". */
@RequestScoped
@Path("about")
public class AboutResource {

    @GET
    @Produces("text/plain")
    @SitemapEntry
    public String about() {
        return "About this shop\n";
    }
}
