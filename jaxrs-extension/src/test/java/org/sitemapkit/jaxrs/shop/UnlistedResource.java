package org.sitemapkit.jaxrs.shop;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import org.sitemapkit.SitemapEntry;

/** Indexed, but part of no deployed application: it must not reach the sitemap. */
@Path("unlisted")
public class UnlistedResource {
    @GET
    @SitemapEntry
    public String page() {
        return "unlisted";
    }
}
