package org.sitemapkit.jaxrs.servletless;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** The application's own robots.txt, answered by JAX-RS: the filter amends it on its way out. */
@Path("robots.txt")
public class RobotsResource {
    public static final String RULES = "User-agent: *\nDisallow: /cart\nCrawl-delay: 2\n";

    @GET
    @Produces(MediaType.TEXT_PLAIN)
    public String robots() {
        return RULES;
    }
}
