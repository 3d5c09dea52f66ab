package org.sitemapkit.jaxrs.edge;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** robots.txt as a sub-resource method of a root class at "/", a common layout. */
@Path("/")
public class SlashRobots {
    public static final String RULES = "User-agent: *\nDisallow: /slash-private\n";

    @GET
    @Path("robots.txt")
    @Produces(MediaType.TEXT_PLAIN)
    public String robots() {
        return RULES;
    }

    @GET
    @Produces(MediaType.TEXT_HTML)
    public String home() {
        return "<h1>home</h1>";
    }
}
