package org.sitemapkit.sample;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/**
 * Answers every 404 (an unknown path, product, slug or page, or a path parameter that is not a number) with a
 * small HTML page instead of an empty body. Other statuses pass through unchanged.
 */
@Provider
public class NotFoundPage implements ExceptionMapper<WebApplicationException> {

    @Context
    private UriInfo uriInfo;

    /** Made by Jersey. */
    public NotFoundPage() {
        // fields are injected
    }

    @Override
    public Response toResponse(WebApplicationException exception) {
        Response response = exception.getResponse();
        if (response.getStatus() != Response.Status.NOT_FOUND.getStatusCode()) {
            return response;
        }
        Links links = Links.of(uriInfo);
        String body = "<h1>Not found</h1>\n<p>There is no such page. Try the "
                + Html.link(links.href("/"), "home page") + " or the "
                + Html.link(links.href("/sitemap.html"), "sitemap") + ".</p>";
        return Response.status(Response.Status.NOT_FOUND)
                .type(MediaType.TEXT_HTML + ";charset=UTF-8")
                .entity(Html.page(links, "en", "Not found", "<meta name=\"robots\" content=\"noindex\">\n", body))
                .build();
    }
}
