package org.sitemapkit.quarkus.it.verify;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.net.URI;
import org.sitemapkit.testsupport.CheckedPages;

/**
 * test-support's {@link CheckedPages} as JAX-RS resources of the test application, their links
 * built from the request as a Quarkus REST application builds them. Part of every test's
 * application, listed only where {@link CheckedPagesSource} registers them.
 */
@Path("pages")
public class CheckedPagesResource {
    @GET
    @Path("{page}")
    public Response page(@PathParam("page") String page, @Context UriInfo uri) {
        String base = uri.getBaseUri().toString();
        CheckedPages.Answer answer = CheckedPages.answer(
                page, uri.getRequestUri().toString(), base.endsWith("/") ? base.substring(0, base.length() - 1) : base);
        Response.ResponseBuilder response = Response.status(answer.status());
        answer.headers().forEach(response::header);
        if (answer.location() != null) {
            response.location(URI.create(answer.location()));
        }
        if (answer.html() != null) {
            response.type("text/html;charset=UTF-8").entity(answer.html());
        }
        return response.build();
    }
}
