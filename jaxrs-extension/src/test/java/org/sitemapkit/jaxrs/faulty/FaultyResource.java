package org.sitemapkit.jaxrs.faulty;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import org.sitemapkit.SitemapEntry;

/** Entries whose providers cannot be made, each in a section of its own. */
@Path("faulty")
public class FaultyResource {
    @GET
    @Path("broken/{id}")
    @SitemapEntry(section = "broken", params = BrokenParams.class)
    public String broken(@PathParam("id") String id) {
        return id;
    }

    @GET
    @Path("injected/{id}")
    @SitemapEntry(section = "injected", params = InjectedParams.class)
    public String injected(@PathParam("id") String id) {
        return id;
    }

    @GET
    @Path("fine")
    @SitemapEntry
    public String fine() {
        return "fine";
    }
}
