package org.sitemapkit.quarkus.deployment;

import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import org.sitemapkit.SitemapEntry;

/** A method the processor would refuse: the build leaves it out, with a warning, and does not fail. */
@Path("faulty")
public class FaultyResource {

    @POST
    @SitemapEntry
    public String post() {
        return "posted\n";
    }
}
