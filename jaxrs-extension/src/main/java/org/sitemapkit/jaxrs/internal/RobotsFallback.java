package org.sitemapkit.jaxrs.internal;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

/**
 * Answers {@code /robots.txt} with a 404 only when the application has no resource of its own
 * for it: its template has no literal character, so by JAX-RS' matching order any resource of the
 * application at {@code robots.txt} wins. It exists for runtimes that hand a request no resource
 * matches to someone else (Quarkus REST passes it on to Vert.x) instead of answering 404 through
 * JAX-RS: {@link RestFilter} then sees the 404 and serves the static file and the rules file with
 * the Sitemap line.
 */
@Path("{file: robots\\.txt}")
public final class RobotsFallback {
    /** Made by the JAX-RS runtime. */
    public RobotsFallback() {}

    @GET
    public Response absent() {
        return Response.status(Response.Status.NOT_FOUND).build();
    }
}
