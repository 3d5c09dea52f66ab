package org.sitemapkit.quarkus.deployment;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import org.sitemapkit.SitemapEntry;

/** Plain pages of the section "pages"; DevModeReloadTest adds one to its copy of this file. */
@Path("pages")
@Produces("text/plain")
public class PageResource {

    @GET
    @Path("about")
    @SitemapEntry
    public String about() {
        return "About\n";
    }

    @GET
    @Path("contact")
    @SitemapEntry
    public String contact() {
        return "Contact\n";
    }

    // more pages
}
