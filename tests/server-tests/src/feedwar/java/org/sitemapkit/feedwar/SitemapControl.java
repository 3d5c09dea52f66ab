package org.sitemapkit.feedwar;

import jakarta.servlet.ServletContext;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Context;
import org.sitemapkit.SitemapKit;

/**
 * The explicit call the docs ask for after a bulk statement where the change feed cannot see it (an
 * ORM other than Hibernate): outside any transaction, so after the bulk one committed.
 */
@Path("sitemap")
public class SitemapControl {
    @Context
    ServletContext context;

    @POST
    @Path("invalidate")
    public void invalidate() throws Exception {
        SitemapKit.of(context).invalidate("items").get();
    }
}
