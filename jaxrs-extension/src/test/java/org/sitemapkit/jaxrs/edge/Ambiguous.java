package org.sitemapkit.jaxrs.edge;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;

/** Two GET methods for one path and type: Jersey refuses the model after every Feature configured. */
@Path("ambiguous")
public class Ambiguous {
    @GET
    @Produces("text/plain")
    public String one() {
        return "one";
    }

    @GET
    @Produces("text/plain")
    public String two() {
        return "two";
    }
}
