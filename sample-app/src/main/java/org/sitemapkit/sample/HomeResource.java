package org.sitemapkit.sample;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** The sample shop's home page. */
@Path("/")
public class HomeResource {

    /** Heading shown on the home page; tests look for it. */
    public static final String HEADING = "SitemapKit sample shop";

    /** Creates the resource; Jersey instantiates one per request. */
    public HomeResource() {
        // per-request resource, no state
    }

    /**
     * Returns the home page.
     *
     * @return a small HTML5 document
     */
    @GET
    @Produces(MediaType.TEXT_HTML + ";charset=UTF-8")
    public String home() {
        return """
                <!DOCTYPE html>
                <html lang="en">
                <head>
                  <meta charset="utf-8">
                  <meta name="viewport" content="width=device-width, initial-scale=1">
                  <title>%1$s</title>
                </head>
                <body>
                  <h1>%1$s</h1>
                  <p>A tiny Jetty 12 + Jersey application used to demonstrate SitemapKit.</p>
                </body>
                </html>
                """.formatted(HEADING);
    }
}
